Feature: Picking cards: the points the rules leave open
  The app's rules say how a pair is made (tap one free card, then another) but not what
  happens in a few other cases. These scenarios show what the reference engine does; another
  engine may choose differently, so they are reported for information only:
  tapping the picked card again puts it down; tapping a free King while another card is picked
  takes the King away and drops the pick; tapping a covered card while a card is picked keeps
  the pick (and, with error help, says the card is blocked); drawing from the stock drops the
  pick, since the picked waste card may now be covered.

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @OPEN-RETAP-SELECTED @TAP-SELECT @implementation-defined @needs-taps
  Scenario: Tapping the picked card again puts it down
    Given the rules under test
    And a table:
      """
          Q♠
        4♦  K♥
      waste: 9♣
      """
    When I tap 4♦
    Then 4♦ is selected
    When I tap 4♦
    Then nothing is selected
    When I tap the waste
    Then 9♣ is selected

  @OPEN-KING-WHILE-SELECTED @implementation-defined @needs-taps
  Scenario: A King tapped while a card is picked goes, and the pick is dropped
    Given the rules under test
    And a table:
      """
          Q♠
        4♦  K♥
      waste: 9♣
      """
    When I tap 4♦ then K♥
    Then K♥ is removed
    And nothing is selected
    And 4♦ is still in the pyramid

  @OPEN-BLOCKED-WHILE-SELECTED @TAP-BLOCKED @implementation-defined @needs-taps @needs-messages
  Scenario: A covered card tapped while a card is picked changes nothing but the message
    Given the rules under test
    And a table:
      """
          Q♠
        4♦  K♥
      waste: 9♣
      """
    When I tap the waste then Q♠
    Then 9♣ is selected
    And the message is "card-blocked"
    When I tap 4♦
    Then 4♦ and 9♣ are removed

  @OPEN-DRAW-SELECTION @implementation-defined @needs-taps
  Scenario Outline: Drawing from the stock drops the pick
    Given the rules under test
    And a table:
      """
          Q♠
        4♦  K♥
      waste: 9♣
      stock: 2♣
      """
    When I tap <card>
    And I tap the stock
    Then nothing is selected
    And the waste top is 2♣

    Examples:
      | card      |
      | 4♦        |
      | the waste |
