Feature: Variant: a limited number of passes through the stock
  The app lets the player turn the waste back into the stock as often as they like. Stricter
  rule books allow only a set number of passes: with a single pass the waste is never turned
  back, and with three passes it is turned back twice. The scenarios below hold for any
  number of passes: they go through every pass the rules under test allow. Once the passes are used up, tapping the
  empty stock does nothing, and a game with nothing left to play is over.

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @VAR-LIMITED-PASSES
  Scenario: The waste is turned back only as many times as the rules allow
    Each pass draws the whole stock; between two passes a tap on the empty stock turns the
    waste back, keeping its order.
    Given the rules under test
    And a table:
      """
          5♣
        9♦  3♠
      stock: 2♥ 6♥
      """
    When I go through the stock as many times as the rules allow
    Then the stock is empty
    And the waste is 2♥ 6♥
    And the game is over with no more moves
    When I tap the stock
    Then the stock is empty
    And the waste is 2♥ 6♥

  @VAR-LIMITED-PASSES
  Scenario: After the last pass, the game ends when the last pair is played
    Given the rules under test
    And a table:
      """
          5♣
        9♦  3♠
      stock: 2♥ 4♥
      """
    When I go through the stock as many times as the rules allow
    Then the game goes on
    When I tap 9♦ then the waste
    Then 9♦ and 4♥ are removed
    And the game is over with no more moves
