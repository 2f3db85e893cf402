Feature: Scoring
  The score starts at 0. Every card taken off the pyramid earns 10 points: a pair of two
  pyramid cards earns 20, a pyramid card paired with the waste top 10, a King from the pyramid
  10. A card that comes from the waste earns nothing, and drawing or recycling costs nothing.
  Since the pyramid holds 28 cards, a won game is always worth 280 points.

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @SCORE-PYRAMID-CARD @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE
  Scenario Outline: A pyramid card removed earns 10
    Given the rules under test
    And a table:
      """
            Q♠
          5♣  8♣
        4♦  9♣  K♥
      waste: 4♠ K♣
      stock: 8♥
      """
    Then the score is 0
    When I tap <taps>
    Then the score is <score>

    Examples:
      | removal                     | taps       | score |
      | a pair of two pyramid cards | 4♦ then 9♣ | 20    |
      | a King of the pyramid       | K♥         | 10    |

  @SCORE-NOTHING-ELSE @SCORE-PYRAMID-CARD @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE @WASTE-PAIRS
  @STOCK-DRAW @RECYCLE-ORDER
  Scenario Outline: Waste cards, draws and recycles earn nothing
    Given the rules under test
    And a table:
      """
            Q♠
          5♣  8♣
        4♦  9♣  K♥
      waste: 4♠ K♣
      stock: 8♥
      """
    Then the score is 0
    When I tap <taps>
    Then the score is <score>

    Examples:
      | removal                                      | taps                             | score |
      | a King from the waste                        | the waste                        | 0     |
      | the waste King, then a pyramid card and 4♠   | the waste, 9♣ then the waste     | 10    |
      | a draw                                       | the stock                        | 0     |
      | a draw and a recycle                         | the stock, the stock             | 0     |

  @SCORE-PYRAMID-CARD @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE
  Scenario: Points add up card by card
    Given the rules under test
    And a table:
      """
            Q♠
          5♣  8♣
        4♦  9♣  K♥
      waste: 4♠ K♣
      """
    When I tap 4♦ then 9♣
    And I tap K♥
    And I tap 5♣ then 8♣
    Then the score is 50

  @SCORE-WIN-280 @END-WIN @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE
  Scenario: A whole pyramid cleared is worth 280
    Each row is cleared from the bottom up: the Kings alone, the others in pairs of 13.
    Given the rules under test
    And a table:
      """
                  K♣
                A♣  Q♣
              K♦  2♣  J♣
            3♣  10♣  4♣  9♣
          K♥  5♣  8♣  6♣  7♣
        A♦  Q♦  2♦  J♦  3♦  10♦
      K♠  4♦  9♦  5♦  8♦  6♦  7♦
      waste: A♥
      stock: Q♥ 2♥ J♥ 3♥ 10♥ 4♥ 9♥ 5♥ 8♥ 6♥ 7♥ A♠ Q♠ 2♠ J♠ 3♠ 10♠ 4♠ 9♠ 5♠ 8♠ 6♠ 7♠
      """
    When I tap K♠, 4♦ then 9♦, 5♦ then 8♦, 6♦ then 7♦
    And I tap A♦ then Q♦, 2♦ then J♦, 3♦ then 10♦
    And I tap K♥, 5♣ then 8♣, 6♣ then 7♣
    And I tap 3♣ then 10♣, 4♣ then 9♣
    And I tap K♦, 2♣ then J♣
    And I tap A♣ then Q♣
    Then the score is 270
    When I tap K♣
    Then the game is won
    And the score is 280
    And the stock holds 23 cards

  @SCORE-ONE-PER-CARD
  Scenario: An engine that scores one point per card counts every card off the table
    AisleRiot's Thirteen scores one point for each card removed, from the pyramid, the waste
    or the stock; the cards this table leaves out count as removed already (52 − 6 = 46).
    Given the rules under test
    And a table:
      """
          K♦
        6♣  7♥
      waste: Q♠
      stock: A♣ 2♦
      """
    Then the score shows 46
    When I tap 6♣ then 7♥
    Then the score shows 48
    When I tap the stock
    Then the score shows 48
