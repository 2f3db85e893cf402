Feature: The stock and the waste
  When the pyramid offers nothing, the stock does: tapping it turns its top card face up onto
  the waste, and that can be done at any moment. The card on top of the waste is free and
  can pair with a free card of the pyramid (or go alone if it is a King). In the app only the
  top card of the waste counts: a card just drawn does not pair with the waste card it has
  just covered.

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @STOCK-DRAW
  Scenario: Tapping the stock turns its top card onto the waste
    Given the rules under test
    And a table:
      """
          5♠
        2♣  9♥
      waste: 7♦
      stock: 3♣ 8♥ Q♦
      """
    When I tap the stock
    Then the waste is 7♦ 3♣
    And the stock holds 2 cards
    When I tap the stock
    Then the waste top is 8♥
    And the stock holds 1 card

  @MOVES-COUNT @STOCK-DRAW
  Scenario: A tap on the stock with nothing to draw or turn back is not a move
    The stock and the waste are both empty; the K♣ is still there to play.
    Given the rules under test
    And a table:
      """
          5♠
        K♣  9♥
      """
    When I tap the stock
    Then the stock is empty
    And the move counter is 0
    And the score is 0
    When I tap K♣
    Then the move counter is 1

  @STOCK-OUT-OF-PLAY
  Scenario: The stock's top card is out of play until it is drawn
    The 4♣ would make 13 with the 9♦, but it is still in the stock.
    Given the rules under test
    And a table:
      """
          Q♣
        A♦  9♦
      stock: 4♣ K♠
      """
    When I tap the stock's top card then 9♦
    Then 9♦ is still in the pyramid
    And the stock holds 2 cards
    And the score is 0

  @STOCK-DRAW
  Scenario: Drawing is allowed even when a pair could be played
    The 9♥ and the 4♦ on the waste make 13, yet the player may draw instead.
    Given the rules under test
    And a table:
      """
          5♠
        2♣  9♥
      waste: 4♦
      stock: 3♣
      """
    When I tap the stock
    Then the waste is 4♦ 3♣
    And the stock is empty
    And 9♥ is still in the pyramid

  @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
  Scenario Outline: The waste top pairs with a free card of the pyramid
    Given the rules under test
    And a table:
      """
          5♠
        2♣  9♥
      waste: 7♦ 4♦
      """
    When I tap <first> then <second>
    Then 9♥ and 4♦ are removed
    And the waste top is 7♦

    Examples:
      | first     | second    |
      | 9♥        | the waste |
      | the waste | 9♥        |

  @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
  Scenario: A freshly drawn card pairs with the pyramid
    Given the rules under test
    And a table:
      """
          5♠
        2♣  9♥
      waste: 7♦
      stock: J♠
      """
    When I tap the stock
    And I tap the waste then 2♣
    Then 2♣ and J♠ are removed
    And the waste top is 7♦

  @WASTE-DRAWN-ALONE @needs-taps
  Scenario: The drawn card does not pair with the waste card under it
    The 7♣ and the 6♦ make 13, but once the 7♣ is drawn onto the 6♦ only the 7♣ is in play.
    Given the rules under test
    And a table:
      """
          5♠
        2♣  9♥
      waste: 6♦
      stock: 7♣
      """
    When I tap the stock
    And I tap the waste then the card beneath the waste top
    Then the waste is 6♦ 7♣
    And the move counter is 1
