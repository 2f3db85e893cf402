Feature: Variant: a card pairs with the last card covering it
  In the app a card never pairs with a card that still lies on it. A variant found in the
  literature allows it when that card is the only one still covering it: the two go together.
  A card covered by two cards still cannot be played.

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @VAR-COVERING-PAIR
  Scenario Outline: A card pairs with the single card still lying on it
    Given the rules under test
    And a table:
      """
          6♦
        7♣  K♥
      """
    When I tap K♥
    And I tap <first> then <second>
    Then 6♦ and 7♣ are removed
    And the game is won
    And the score is 30

    Examples:
      | first | second |
      | 7♣    | 6♦     |
      | 6♦    | 7♣     |

  @VAR-COVERING-PAIR
  Scenario: Not while a second card still covers it
    Given the rules under test
    And a table:
      """
          6♦
        7♣  J♥
      stock: 2♥
      """
    When I tap 7♣ then 6♦
    Then 6♦ and 7♣ are still in the pyramid

  @VAR-COVERING-PAIR @OPEN-BLOCKED-WHILE-SELECTED @implementation-defined @needs-taps @needs-messages
  Scenario: A card free only for its last covering card is blocked for any other card
    Given the rules under test
    And a table:
      """
          6♦
        7♣  K♥
      waste: 7♠
      stock: 2♣
      """
    When I tap K♥
    And I tap the waste then 6♦
    Then 7♠ is selected
    And the message is "card-blocked"
    And 6♦ and 7♣ are still in the pyramid
    When I tap 7♣ then 6♦
    Then 6♦ and 7♣ are removed
