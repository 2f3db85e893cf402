Feature: The end of the game
  The game is won the moment the last of the 28 pyramid cards goes, even if cards are left in
  the stock or the waste. The app declares a dead end ("no more moves") only when the stock
  and the waste are both empty and no pair and no King can be played. As long as a card can
  still be drawn or the waste recycled, the game goes on, even if nothing will ever come off
  the pyramid again; the player then simply starts a new game.

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @END-WIN @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
  Scenario: Clearing the pyramid wins, with cards still in the stock and the waste
    Given the rules under test
    And a table:
      """
          5♠
      waste: J♥ 8♦
      stock: 3♣ 9♥
      """
    When I tap 5♠ then the waste
    Then the game is won
    And the stock holds 2 cards
    And the waste is J♥

  @END-WIN @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
  Scenario: The game is not won while a pyramid card is left
    Given the rules under test
    And a table:
      """
          5♠
        K♣  9♥
      waste: 8♦ 4♦
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

  @END-NO-MORE-MOVES @KING-ALONE
  Scenario: Nothing left to draw, recycle or remove: no more moves
    Given the rules under test
    And a table:
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

  @END-NO-MORE-MOVES @KING-ALONE @needs-messages
  Scenario: The dead end is announced
    Given the rules under test
    And a table:
      """
          5♣
        9♦  3♠
      waste: K♥
      """
    When I tap the waste
    Then the message is "no-more-moves"

  @OPEN-TAPS-AFTER-END @END-NO-MORE-MOVES @TAP-BLOCKED @implementation-defined @needs-messages
  Scenario: After « no more moves », a tap on a covered card still says it is blocked
    The rules do not say whether a stuck game still answers taps; the reference engine does.
    Given the rules under test
    And a table:
      """
          5♣
        9♦  3♠
      waste: K♥
      """
    When I tap the waste
    Then the game is over with no more moves
    When I tap 5♣
    Then the message is "card-blocked"
    And the move counter is 1

  @END-NO-MORE-MOVES @END-PLAY-GOES-ON @PAIR-THIRTEEN @PAIR-VALUES
  Scenario: With stock and waste empty, a pair still to play keeps the game going
    Given the rules under test
    And a table:
      """
          5♣
        9♦  4♠
      """
    Then the game goes on
    When I tap 9♦ then 4♠
    Then the game is over with no more moves

  @END-PLAY-GOES-ON @RECYCLE-ORDER
  Scenario: Nothing can come off the pyramid, but the waste can be recycled: play goes on
    Given the rules under test
    And a table:
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

  @OPEN-TAPS-AFTER-END @OPEN-TIMER @END-WIN @implementation-defined
  Scenario: Once won, the game is over: further taps change nothing
    The rules do not say what a tap does after a win, nor when the game's clock stops (the
    suite sees no clock). The reference engine ignores every tap once the game is won.
    Given the rules under test
    And a table:
      """
          5♠
      waste: 8♦
      stock: 3♣ 9♥
      """
    When I tap 5♠ then the waste
    And I tap the stock
    Then the game is won
    And the stock holds 2 cards
    And the move counter is 1
