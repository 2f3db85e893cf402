Feature: Free cards
  A card can be played only while it is free. In the pyramid, a card becomes free once both cards
  overlapping it have been removed, so a new game starts with only its bottom row free. Of the
  waste, only the top card is free. A tap on a free card selects it; a tap on a covered card selects
  nothing and, with error help on, the app says the card is blocked.

  Background:
    Given the rules under test

  Rule: FREE-PYRAMID: A pyramid card is free when both cards on it are gone
    A pyramid card is free once both places that cover it are empty; at the start only the 7
    bottom-row cards are free. Only free cards can be removed, so the apex is always the last
    pyramid card to become free.

    Sources: app-fr « Les cartes libres »; app-hu « A szabad lapok »;
    traditional « 5. Déroulement détaillé », « 11. Questions fréquentes »;
    classic « Déroulement du jeu ».

    @FREE-PYRAMID
    Scenario Outline: A card with a card still on it is not free
      Each table is played once, from the start: nothing depends on what a tap on a covered card
      leaves selected.
      Given a table:
        """
            6♣
          <left>  <right>
        waste: [7♦]
        stock: 2♥
        """
      When I tap 6♣ then the waste
      Then 6♣ is still in the pyramid
      And the waste top is 7♦

      Examples: both cards on it, or either one
        | left | right |
        | K♠   | K♥    |
        | --   | K♥    |
        | K♠   | --    |

    @FREE-PYRAMID @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: A card is free once both cards on it are removed
      Given a table:
        """
            6♣
          --  --
        waste: [7♦]
        stock: 2♥
        """
      When I tap 6♣ then the waste
      Then 6♣ and 7♦ are removed

    @FREE-PYRAMID @KING-ALONE
    Scenario: A covered King stays
      Given a table:
        """
            K♥
          2♣  9♥
        stock: 2♥
        """
      When I tap K♥
      Then K♥ is still in the pyramid
      And the score is 0

  Rule: FREE-WASTE-TOP: The waste top is free; no other waste card is
    The top card of the waste counts as a free card. The cards beneath it are not in play until they
    are on top again.

    Sources: app-fr « En bref », « Les cartes libres »; app-hu « Röviden », « A szabad lapok »;
    traditional « 11. Questions fréquentes »; classic « Mise en place et distribution ».

    @FREE-WASTE-TOP @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: The top card of the waste is free
      Given a table:
        """
            J♣
          6♣  3♥
        waste: 9♦ [7♦]
        stock: 2♥
        """
      When I tap 6♣ then the waste
      Then 6♣ and 7♦ are removed
      And the waste top is 9♦

    @FREE-WASTE-TOP
    Scenario: A waste card under the top card cannot be played
      The 7♦ would make 13 with the 6♣, but the 2♣ lies on it.
      Given a table:
        """
            J♣
          6♣  3♥
        waste: 7♦ [2♣]
        stock: 2♥
        """
      When I tap 6♣ then the card beneath the waste top
      Then 6♣ is still in the pyramid
      And the waste is 7♦ 2♣
      And the score is 0

    @FREE-WASTE-TOP @MOVES-COUNT
    Scenario: With the waste empty, a tap where its cards would lie does nothing
      Given a table:
        """
            J♣
          6♣  3♥
        stock: 7♦
        """
      When I tap the card beneath the waste top
      Then nothing is selected
      And the waste is empty
      And the stock holds 1 card
      And the move counter is 0

    @FREE-WASTE-TOP @MOVES-COUNT
    Scenario: With a single card on the waste, a tap beneath it does nothing
      Nothing lies under the 7♦: whatever the rule set lets the card beneath the waste top do,
      there is no such card here.
      Given a table:
        """
            J♣
          6♣  3♥
        waste: [7♦]
        stock: 5♠
        """
      When I tap the card beneath the waste top
      Then nothing is selected
      And the waste is 7♦
      And the stock holds 1 card
      And the move counter is 0

    @FREE-WASTE-TOP @WASTE-DRAWN-ALONE
    Scenario: The card beneath the waste top cannot even be selected
      Only the waste top is in play, so a tap on the card beneath it selects nothing.
      Given a table:
        """
            J♣
          6♣  3♥
        waste: 7♦ [2♣]
        stock: 5♠
        """
      When I tap the card beneath the waste top
      Then nothing is selected

  Rule: TAP-SELECT: Tapping a free card selects it
    With nothing selected, tapping a free card that is not a King (in the pyramid or on top of the
    waste) selects it; nothing is removed and the move counter does not change. The next tap on
    another free card tries to pair the two.

    Sources: app-fr « Les paires qui font 13 »; app-hu « A 13 összértékű párok ».

    @TAP-SELECT
    Scenario Outline: Tapping a free card selects it
      Given a table:
        """
            J♣
          6♣  3♥
        waste: 9♦ [7♦]
        stock: 2♥
        """
      When I tap <card>
      Then <card> is selected
      And the move counter is 0

      Examples:
        | card |
        | 6♣   |
        | 3♥   |
        | 7♦   |

  Rule: TAP-BLOCKED: Tapping a covered card does nothing but warn
    Tapping a pyramid card that is still covered (for example Q♣ at r6c1 at the start) moves no card
    and changes neither the score nor the move counter. With error help on, the message card-blocked
    is shown; with error help off, none of the app's messages is.

    Sources: app-fr « Les cartes libres »; app-hu « A szabad lapok ».

    @TAP-BLOCKED @FREE-PYRAMID
    Scenario: Tapping a covered card only says it is blocked
      Given a table:
        """
            J♣
          6♣  3♥
        waste: 9♦ [7♦]
        stock: 2♥
        """
      When I tap J♣
      Then nothing is selected
      And J♣ is still in the pyramid
      And the player reads « Cette carte est bloquée par une autre »

    @TAP-BLOCKED @FREE-PYRAMID
    Scenario: The rules' own example: the Q♣ of row 6 is blocked at the start
      Given the deal PY1-N-AAAAAAS
      When I tap Q♣
      Then Q♣ is still in the pyramid
      And nothing is selected
      And the player reads « Cette carte est bloquée par une autre »
      And the score is 0
      And the move counter is 0

    @TAP-BLOCKED @FREE-PYRAMID
    Scenario: With error help off, a covered card does not even say it is blocked
      Given error help is off
      And a table:
        """
            J♣
          6♣  3♥
        waste: 9♦ [7♦]
        stock: 2♥
        """
      When I tap J♣
      Then nothing is selected
      And none of the app's messages is shown

    @TAP-BLOCKED @STOCK-DRAW @MOVES-COUNT
    Scenario: A tap where no card lies does nothing and warns of nothing
      Only a card can be blocked. A tap on the empty waste, beneath a single waste card or on an
      empty place of the pyramid finds no card: nothing is selected, nothing is counted and no
      message is shown.
      Given a table:
        """
            J♣
          6♣  --
        stock: 7♦ 5♠
        """
      When I tap the waste
      Then nothing is selected
      And none of the app's messages is shown
      When I tap the stock
      And I tap the card beneath the waste top
      Then nothing is selected
      And none of the app's messages is shown
      When the empty place r2c2 is tapped
      Then nothing is selected
      And none of the app's messages is shown
      And the move counter is 1
