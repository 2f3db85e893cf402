Feature: Variant: the waste top pairs with the card beneath it at any time
  In AisleRiot's Thirteen the waste top may pair with a free pyramid card, as in the app, or with
  the waste card directly beneath it, at any time, not only right after a draw. The card beneath is
  not free otherwise: it pairs with nothing else. (The player taps "the card beneath the waste
  top".)

  Background:
    Given the rules under test

  Rule: VAR-WASTE-PAIR-ANYTIME: The waste top may pair with the waste card beneath it at any time
    Besides pairing with a free pyramid card, the waste top may pair with the waste card directly
    beneath it, whenever both are there, not only right after a draw. The card beneath pairs with
    nothing else: it is not free.

    Sources: aisleriot « Rules »; soliterm « pyramid.py ».

    @VAR-WASTE-PAIR-ANYTIME
    Scenario Outline: The waste top pairs with the card beneath it long after the draw
      Given a table:
        """
            5♠
          2♣  9♥
        waste: 4♦ 6♦ [7♣]
        stock: 8♦
        """
      When I tap <first> then <second>
      Then 7♣ and 6♦ are removed
      And the waste top is 4♦

      Examples:
        | first                          | second                         |
        | the waste                      | the card beneath the waste top |
        | the card beneath the waste top | the waste                      |

    @VAR-WASTE-PAIR-ANYTIME
    Scenario: A waste of just two cards pairs all the same
      The card beneath the top is the waste's bottom card: nothing lies under it.
      Given a table:
        """
            5♠
          2♣  9♥
        waste: 6♦ [7♣]
        stock: 8♦
        """
      When I tap the card beneath the waste top then the waste
      Then 7♣ and 6♦ are removed
      And the waste is empty

    @VAR-WASTE-PAIR-ANYTIME @VAR-LIMITED-PASSES
    Scenario: With the stock spent, the waste top and the card beneath it keep the game going
      Nothing in the pyramid makes 13, and no pass may be left to recycle the waste: the two
      waste cards are the last move, and while it is there the game is not over.
      Given a table:
        """
            5♠
          2♣  9♥
        waste: Q♦ 6♦ [7♣]
        """
      Then the game goes on
      When I tap the waste then the card beneath the waste top
      Then 7♣ and 6♦ are removed

    @VAR-WASTE-PAIR-ANYTIME
    Scenario: The card beneath the waste top pairs with nothing else
      The J♦ and the 2♣ make 13, but the J♦ is not on top of the waste.
      Given a table:
        """
            5♠
          2♣  9♥
        waste: 4♦ J♦ [6♠]
        stock: 8♦
        """
      When I tap the card beneath the waste top then 2♣
      Then 2♣ is still in the pyramid
      And the waste is 4♦ J♦ 6♠

    @VAR-WASTE-PAIR-ANYTIME @PAIR-MISMATCH
    Scenario: Refused although they make 13, the two cards do not get the sum message
      The J♦ and the 2♣ do add up to 13: what keeps them apart is that the J♦ is not free.
      Given a table:
        """
            5♠
          2♣  9♥
        waste: 4♦ J♦ [6♠]
        stock: 8♦
        """
      When I tap the card beneath the waste top then 2♣
      Then the player does not read « La somme doit être égale à 13 »
