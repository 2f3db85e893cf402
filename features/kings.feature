Feature: Kings
  A King is worth 13 by itself, so it needs no partner: one tap on a free King takes it away,
  whether it lies in the pyramid or on top of the waste. A King that is still covered, like
  any covered card, cannot be played.

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @KING-ALONE
  Scenario: A free King of the pyramid goes with one tap
    Given the rules under test
    And a table:
      """
          5♠
        K♣  9♥
      """
    When I tap K♣
    Then K♣ is removed
    And the pyramid is:
      """
          5♠
        --  9♥
      """

  @KING-ALONE
  Scenario: A King on top of the waste goes with one tap
    Given the rules under test
    And a table:
      """
          5♠
        2♣  9♥
      waste: 4♦ K♠
      """
    When I tap the waste
    Then K♠ is removed
    And the waste top is 4♦

  @FREE-PYRAMID @KING-ALONE
  Scenario: A covered King stays
    Given the rules under test
    And a table:
      """
          K♥
        2♣  9♥
      stock: 2♥
      """
    When I tap K♥
    Then K♥ is still in the pyramid
    And the score is 0
