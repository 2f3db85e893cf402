Feature: Variant: the stock's top card is in play
  Some games (PySolFC's Pyramid and Relaxed Pyramid, Microsoft's Pyramid) lay the stock's top card
  face up and let it play like the waste top: a King there is removed alone, and any other card
  pairs with the waste top or with a free pyramid card. Tapping the stock still draws that card onto
  the waste. (Here the player taps "the stock's top card" to play it.)

  Background:
    Given the rules under test

  Rule: VAR-STOCK-TOP: The stock's top card lies face up and is in play
    The top card of the stock is face up and counts as a free card, like the waste top: it goes
    alone if it is a King, and pairs with the waste top or with a free pyramid card. Once it is
    removed, the next stock card is the top. Tapping the stock still draws.

    Sources: pysolfc « Pyramid (game 38) »; pyramid-solver « Rules ».

    @VAR-STOCK-TOP @PAIR-THIRTEEN
    Scenario: The stock's top card pairs with a free pyramid card
      Given a table:
        """
            Q♣
          A♦  9♦
        stock: 4♣ 5♠ 2♥
        """
      When I tap the stock's top card then 9♦
      Then 4♣ and 9♦ are removed
      And the stock holds 2 cards
      And the score is 10

    @VAR-STOCK-TOP @PAIR-THIRTEEN
    Scenario: The stock's top card pairs with the waste top
      Given a table:
        """
            Q♣
          A♦  9♦
        waste: [6♥]
        stock: 7♠ 5♠
        """
      When I tap the waste then the stock's top card
      Then 6♥ and 7♠ are removed
      And the waste is empty
      And the stock holds 1 card
      And the score is 0

    @VAR-STOCK-TOP @KING-ALONE
    Scenario: A King on top of the stock is removed alone
      Given a table:
        """
            Q♣
          A♦  9♦
        stock: K♥ 5♠
        """
      When I tap the stock's top card
      Then K♥ is removed
      And the stock holds 1 card

    @VAR-STOCK-TOP @PAIR-THIRTEEN
    Scenario: Only the top card of the stock is in play
      The 4♣ under the 5♠ would make 13 with the 9♦, but it is not the top card until the 5♠ is
      gone.
      Given a table:
        """
            Q♣
          A♦  9♦
        waste: [8♦]
        stock: 5♠ 4♣
        """
      When I tap 9♦ then the stock's top card
      Then 9♦ is still in the pyramid
      And the stock holds 2 cards
      When I tap the waste
      Then 5♠ and 8♦ are removed
      When I tap the stock's top card then 9♦
      Then 4♣ and 9♦ are removed
