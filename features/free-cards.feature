Feature: Free cards
  Only free cards can be played. A card of the pyramid is free once the two cards lying on
  it (in the row below) have both gone; at the start only the seven cards of the bottom row
  are free. The top card of the waste is free too; the waste cards under it must wait.
  Tapping a free card picks it (it is shown selected). Tapping a card that is still covered
  does nothing; if the app's error help is on, it says the card is blocked by another.

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @FREE-PYRAMID
  Scenario Outline: A card with a card still on it is not free
    Each table is played once, from the start: nothing depends on what a tap on a covered card
    leaves selected.
    Given the rules under test
    And a table:
      """
          6♣
        <left>  <right>
      waste: 7♦
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
  Scenario: A card is free once both cards on it have gone
    Given the rules under test
    And a table:
      """
          6♣
        --  --
      waste: 7♦
      stock: 2♥
      """
    When I tap 6♣ then the waste
    Then 6♣ and 7♦ are removed

  @FREE-WASTE-TOP @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
  Scenario: The top card of the waste is free
    Given the rules under test
    And a table:
      """
          J♣
        6♣  3♥
      waste: 9♦ 7♦
      """
    When I tap 6♣ then the waste
    Then 6♣ and 7♦ are removed
    And the waste top is 9♦

  @FREE-WASTE-TOP @needs-taps
  Scenario: A waste card under the top card cannot be played
    The 7♦ would make 13 with the 6♣, but the 2♣ lies on it.
    Given the rules under test
    And a table:
      """
          J♣
        6♣  3♥
      waste: 7♦ 2♣
      """
    When I tap 6♣ then the card beneath the waste top
    Then 6♣ is still in the pyramid
    And the waste is 7♦ 2♣
    And the score is 0

  @FREE-WASTE-TOP @WASTE-DRAWN-ALONE @needs-taps
  Scenario: The card beneath the waste top cannot even be picked
    Only the waste top is in play, so a tap on the card beneath it picks nothing.
    Given the rules under test
    And a table:
      """
          J♣
        6♣  3♥
      waste: 7♦ 2♣
      stock: 5♠
      """
    When I tap the card beneath the waste top
    Then nothing is selected

  @TAP-SELECT @needs-taps
  Scenario Outline: Tapping a free card selects it
    Given the rules under test
    And a table:
      """
          J♣
        6♣  3♥
      waste: 9♦ 7♦
      """
    When I tap <card>
    Then <card> is selected
    And the move counter is 0

    Examples:
      | card |
      | 6♣   |
      | 3♥   |
      | 7♦   |

  @TAP-BLOCKED @FREE-PYRAMID @needs-taps @needs-messages
  Scenario: Tapping a covered card only says it is blocked
    Given the rules under test
    And a table:
      """
          J♣
        6♣  3♥
      waste: 9♦ 7♦
      """
    When I tap J♣
    Then nothing is selected
    And J♣ is still in the pyramid
    And the message is "card-blocked"

  @TAP-BLOCKED @FREE-PYRAMID @needs-codes @needs-taps @needs-messages
  Scenario: The rules' own example: the Q♣ of row 6 is blocked at the start
    Given the rules under test
    And the deal PY1-N-AAAAAAS
    When I tap Q♣
    Then Q♣ is still in the pyramid
    And nothing is selected
    And the message is "card-blocked"
    And the score is 0
    And the move counter is 0

  @TAP-BLOCKED @FREE-PYRAMID @needs-taps @needs-messages
  Scenario: With error help off, a covered card does not even say it is blocked
    Given the rules under test
    And error help is off
    And a table:
      """
          J♣
        6♣  3♥
      waste: 9♦ 7♦
      """
    When I tap J♣
    Then nothing is selected
    And no message is shown
