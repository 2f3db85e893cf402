Feature: The end of the game
  A game ends in one of two ways. It is won as soon as the pyramid is empty, whatever is still in
  the stock or the waste. It has no more moves when nothing can be drawn, recycled or removed: the
  stock and the waste are both empty and no pair or King is left to play. While a draw or a recycle
  is still possible the game goes on, even if no pyramid card can ever be removed again; the player
  can always start a new game.

  Background:
    Given the rules under test

  Rule: END-WIN: The game is won as soon as the 28 pyramid cards are gone
    The game is won the moment the last of the 28 pyramid cards is removed, even if cards are left
    in the stock or the waste.

    Sources:
    app-fr « En bref », « La fin de partie », « Les choix de l’app et la règle traditionnelle »;
    app-hu « Röviden », « A játszma vége », « Az app döntései és a hagyományos szabály »;
    traditional « 4. But et victoire »; classic « Victoire ».

    @END-WIN @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: Clearing the pyramid wins, with cards still in the stock and the waste
      What becomes of the cards left in the stock and the waste once the game is won is no rule
      of play (a game may sweep them away): the scenario does not look at them.
      Given a table:
        """
            5♠
        waste: J♥ [8♦]
        stock: 3♣ 9♥
        """
      When I tap 5♠ then the waste
      Then the game is won

    @END-WIN @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: On the Triangle too, clearing its cards wins with cards left in the stock and the waste
      The last card of the triangle lies alone in row 1; it pairs with the waste top.
      Given a table:
        """
        --  --  --  5♠  --  --  --
        waste: J♥ [8♦]
        stock: 3♣ 9♥
        """
      When I tap 5♠ then the waste
      Then the game is won

    @END-WIN @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE
    Scenario: The game is not won while a pyramid card is left
      Given a table:
        """
            5♠
          K♣  9♥
        waste: 8♦ [4♦]
        stock: 2♥
        """
      When I tap 9♥ then the waste
      And I tap K♣
      Then the game is not won
      And the pyramid is:
        """
            5♠
        """
      When I tap 5♠ then the waste
      Then the game is won

  Rule: END-NO-MORE-MOVES: « No more moves » only when stock and waste are empty and nothing is playable
    The game is declared stuck (status no-more-moves, message no-more-moves) only when the stock and
    the waste are both empty and no pair and no King can be removed; never while a card is left to
    draw or to recycle.

    Sources: app-fr « La fin de partie »; app-hu « A játszma vége ».

    @END-NO-MORE-MOVES @KING-ALONE
    Scenario: Nothing left to draw, recycle or remove: no more moves
      Given a table:
        """
            5♣
          9♦  3♠
        stock: K♥
        """
      When I tap the stock
      Then the game goes on
      When I tap the waste
      Then K♥ is removed
      And the game is over with no more moves

    @END-NO-MORE-MOVES @KING-ALONE
    Scenario: The player is told there are no more moves
      Given a table:
        """
            5♣
          9♦  3♠
        waste: [K♥]
        """
      When I tap the waste
      Then the player reads « Plus aucun coup possible »

    @END-NO-MORE-MOVES @KING-ALONE @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: With stock and waste empty, a free King still to remove keeps the game going
      Once the 6♣ and the 7♥ are gone, nothing is left to draw or recycle and no two cards make
      13, but the K♠ is free: the game is not over until it is removed.
      Given a table:
        """
            5♣
          9♦  K♠
        6♣  --  --
        waste: [7♥]
        """
      When I tap 6♣ then the waste
      Then the waste is empty
      And the game goes on
      When I tap K♠
      Then K♠ is removed
      And the game is over with no more moves

    @END-NO-MORE-MOVES @END-PLAY-GOES-ON @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: With stock and waste empty, a pair still to play keeps the game going
      Given a table:
        """
            5♣
          9♦  4♠
        """
      Then the game goes on
      When I tap 9♦ then 4♠
      Then the game is over with no more moves

  Rule: OPEN-TAPS-AFTER-END: What a tap does once the game is won or stuck
    The app's rules say when a game is won and when no move is left, not what a tap does afterwards.
    The reference engine ignores every tap after a win (no card moves, nothing is counted, no
    message), and after « no more moves » still answers taps as before: nothing can be removed, a
    covered card still says it is blocked, and undo still works. An engine may also refuse every tap
    once the game is over; the suite forces neither.

    Sources: app-fr « La fin de partie »; app-hu « A játszma vége ».

    @OPEN-TAPS-AFTER-END @END-NO-MORE-MOVES @TAP-BLOCKED @implementation-defined
    Scenario: After « no more moves », a tap on a covered card still says it is blocked
      The rules do not say whether a game with no more moves still answers taps; the reference
      engine does.
      Given a table:
        """
            5♣
          9♦  3♠
        waste: [K♥]
        """
      When I tap the waste
      Then the game is over with no more moves
      When I tap 5♣
      Then the player reads « Cette carte est bloquée par une autre »
      And the move counter is 1

    @OPEN-TAPS-AFTER-END @OPEN-TIMER @END-WIN @implementation-defined
    Scenario: Once won, the game is over: further taps change nothing
      The rules do not say what a tap does after a win, nor when the game's clock stops (the
      suite sees no clock). The reference engine ignores every tap once the game is won.
      Given a table:
        """
            5♠
        waste: [8♦]
        stock: 3♣ 9♥
        """
      When I tap 5♠ then the waste
      And I tap the stock
      Then the game is won
      And the cards and the score are as they were after tap 2
      And the move counter is 1

  Rule: OPEN-TIMER: When the timer starts and stops
    The app's rules mention a timer used to rank games in the statistics but not when it starts or
    stops. The reference engine keeps no clock, and the suite checks nothing about time.

    Sources: app-fr « La marque »; app-hu « A pontozás ».

  Rule: END-PLAY-GOES-ON: While a card can be drawn or recycled, play goes on
    As long as a card can be drawn or the waste recycled, the game stays in play even when no
    removal will ever be possible again; the player then has to start a new game. PY1-N-AAAAAAJ is
    such a deal: no line removes more than 14 pyramid cards, yet drawing and recycling stay possible
    for ever.

    Sources: app-fr « La fin de partie »; app-hu « A játszma vége ».

    @END-PLAY-GOES-ON
    Scenario Outline: No card can be removed, but the stock still holds a card: play goes on
      Nothing pairs with 5♠ (no 8 is left), not even the stock's top card where it is in play,
      and no King is free: only a draw remains, under any limit on the passes.
      Given a table:
        """
            5♠
        waste: <waste>
        stock: <stock>
        """
      Then the game goes on

      Examples:
        | waste | stock |
        | --    | 2♥    |
        | [3♦]  | 2♥    |
        | [3♦]  | 2♥ 4♣ |

    @END-PLAY-GOES-ON @RECYCLE-ORDER
    Scenario: No pyramid card can be removed, but the waste can be recycled: play goes on
      Given a table:
        """
            5♣
          9♦  3♠
        stock: 2♥
        """
      When I tap the stock
      Then the stock is empty
      And the game goes on
      When I tap the stock
      Then the stock holds 1 card
      And the game goes on
