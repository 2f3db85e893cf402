Feature: Variant: a limited number of passes through the stock
  The app lets the player turn the waste back into the stock as often as they like. Stricter
  rule books allow only a set number of passes: with a single pass the waste is never turned
  back, and with three passes it is turned back twice. Once the passes are used up, tapping the
  empty stock does nothing, and a game with nothing left to play is over.

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @VAR-LIMITED-PASSES @profile-single-pass
  Scenario: With a single pass the waste is never turned back
    Given the single-pass rules
    And a table:
      """
          5♣
        9♦  3♠
      stock: 2♥ 6♥
      """
    When I tap the stock 2 times
    Then the game is over with no more moves
    When I tap the stock
    Then the stock is empty
    And the waste is 2♥ 6♥
    And the move counter is 2

  @VAR-LIMITED-PASSES @profile-three-passes
  Scenario: With three passes the waste is turned back twice, then no more
    Given the three-passes rules
    And a table:
      """
          5♣
        9♦  3♠
      stock: 2♥
      """
    When I tap the stock 4 times
    Then the stock holds 1 card
    And the game goes on
    When I tap the stock
    Then the waste is 2♥
    And the game is over with no more moves
    When I tap the stock
    Then the stock is empty
    And the move counter is 5

  @VAR-LIMITED-PASSES @profile-single-pass
  Scenario: After the last pass, the game ends when the last pair is played
    Given the single-pass rules
    And a table:
      """
          5♣
        9♦  3♠
      stock: 2♥ 4♥
      """
    When I tap the stock 2 times
    Then the game goes on
    When I tap 9♦ then the waste
    Then 9♦ and 4♥ are removed
    And the game is over with no more moves
