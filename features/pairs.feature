Feature: Pairs that make 13
  The aim is to clear the pyramid by taking cards away two at a time. Each card is worth its
  number: Ace 1, 2 to 10 their face value, Jack 11, Queen 12 (the King is worth 13 on its
  own: see the Kings). Tap a free card, then another free card: if their values add up to 13,
  both go. So the only pairs are Ace and Queen, 2 and Jack, 3 and 10, 4 and 9, 5 and 8,
  6 and 7, whatever their suits. Two cards that do not make 13 stay where they are; the app
  says the sum must be 13 and keeps the second card picked. A card can never pair with a
  card that still lies on it: it is not free yet.

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @PAIR-VALUES @PAIR-THIRTEEN
  Scenario Outline: Two free cards worth 13 together leave the pyramid
    Given the rules under test
    And a table:
      """
            K♦
        <first>  <second>
      """
    When I tap <first> then <second>
    Then <first> and <second> are removed
    And the pyramid is:
      """
          K♦
        --  --
      """

    Examples: the six pairs, suits mixed
      | first | second |
      | A♥    | Q♠     |
      | 2♦    | J♣     |
      | 3♠    | 10♥    |
      | 4♣    | 9♦     |
      | 5♥    | 8♠     |
      | 6♦    | 7♣     |

    Examples: the order of the taps and the suits do not matter
      | first | second |
      | Q♣    | A♣     |
      | 10♦   | 3♦     |

  @PAIR-THIRTEEN @PAIR-VALUES @needs-taps
  Scenario: A pair goes in one move, the second tap taking both cards
    Given the rules under test
    And a table:
      """
            K♦
          6♠  7♥
      stock: 2♥
      """
    When I tap 6♠
    Then 6♠ is still in the pyramid
    When I tap 7♥
    Then 6♠ and 7♥ are removed
    And the score is 20
    And the move counter is 1

  @PAIR-VALUES @PAIR-MISMATCH
  Scenario Outline: Two cards that do not make 13 both stay
    Given the rules under test
    And a table:
      """
            K♦
        <first>  <second>
      stock: 2♥
      """
    When I tap <first> then <second>
    Then <first> and <second> are still in the pyramid
    And the score is 0

    Examples: sums of 12 and 14
      | first | second |
      | 7♣    | 7♠     |
      | Q♥    | 2♠     |
      | A♠    | J♦     |
      | 10♣   | 4♥     |
      | 6♥    | 6♠     |
      | 9♣    | 5♦     |

  @PAIR-MISMATCH @needs-taps @needs-messages
  Scenario: A wrong sum says the sum must be 13 and keeps the second card picked
    Given the rules under test
    And a table:
      """
          K♦
        7♣  7♠
      stock: 2♥
      """
    When I tap 7♣ then 7♠
    Then 7♠ is selected
    And the message is "sum-must-equal" with target 13

  @PAIR-MISMATCH @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES @needs-taps
  Scenario: After a wrong sum, the second card can make a pair at once
    Given the rules under test
    And a table:
      """
          K♦
        7♣  7♠
      waste: 6♥
      """
    When I tap 7♣ then 7♠
    And I tap the waste
    Then 7♠ and 6♥ are removed
    And 7♣ is still in the pyramid

  @PAIR-NOT-COVERING @FREE-PYRAMID
  Scenario Outline: A card does not pair with the card still lying on it
    Once the K♥ has gone, only the 7♣ still covers the 6♦: they make 13 but stay.
    Given the rules under test
    And a table:
      """
          6♦
        7♣  K♥
      """
    When I tap K♥
    And I tap <first> then <second>
    Then 6♦ and 7♣ are still in the pyramid
    And the score is 10

    Examples:
      | first | second |
      | 7♣    | 6♦     |
      | 6♦    | 7♣     |

  @PAIR-MISMATCH @needs-codes @needs-taps @needs-messages
  Scenario: The rules' own example: the 7♣ and the 7♠ of the bottom row make 14
    Given the rules under test
    And the deal PY1-N-AAAAAAS
    When I tap 7♣ then 7♠
    Then 7♣ and 7♠ are still in the pyramid
    And 7♠ is selected
    And the message is "sum-must-equal" with target 13
    And the move counter is 0

  @PAIR-MISMATCH @needs-messages
  Scenario: The sum message is shown even with error help off
    Given the rules under test
    And error help is off
    And a table:
      """
          K♦
        7♣  7♠
      stock: 2♥
      """
    When I tap 7♣ then 7♠
    Then the message is "sum-must-equal" with target 13
