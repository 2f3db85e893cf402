Feature: The deal
  Pyramid is a patience for one player with one ordinary deck of 52 cards, no jokers.
  The game lays 28 cards face up in a triangle of seven rows: one card on top, two in the
  second row, and so on down to seven cards in the bottom row. Every card lies partly under
  the two cards next to it in the row below: the card in row r, place c is covered by the
  cards in row r+1, places c and c+1. One more card is turned face up: it starts the waste.
  The 23 cards left form the stock, face down.

  The aim is to take all 28 pyramid cards away. Only uncovered ("free") cards can be played:
  two free cards whose values add up to 13 go together, a King goes alone, and the stock feeds
  the waste with new cards to pair (free-cards, pairs, kings, stock-and-waste, recycling).
  The other files say when the game ends, how it is scored and counted, what undo does, how
  deal codes work, which messages the app shows, and how the known variants differ.

  How to read the tables in these scenarios: the pyramid is drawn row by row from the top,
  "--" marks a place whose card has gone, and rows left out at the bottom are empty.
  "waste:" lists the waste from its bottom card to its top card; "stock:" lists the stock
  from the card that will be drawn first.

  @DEAL-DECK @needs-stock-order
  Scenario: A deal uses every card of one deck exactly once
    Given the rules under test
    And a new deal of the engine's own
    Then all 52 cards of one deck are on the table, each once

  @DEAL-PYRAMID
  Scenario: The pyramid starts full: seven rows of one to seven cards, all face up
    Given the rules under test
    And a new deal of the engine's own
    Then the pyramid has 7 rows of 1 to 7 cards, every place filled
    And every card of the pyramid lies face up

  @DEAL-WASTE-CARD @DEAL-STOCK
  Scenario: One card starts the waste and the other 23 wait in the stock
    Given the rules under test
    And a new deal of the engine's own
    Then the waste holds 1 card
    And the stock holds 23 cards

  @DEAL-COVERING @FREE-PYRAMID
  Scenario Outline: A card stays covered while either card of the row below it is there
    Here the 5♦ (row 2, place 1) lies under the two cards at row 3, places 1 and 2.
    Given the rules under test
    And a table:
      """
          9♠
        5♦  4♥
      <left>  <right>  J♥
      waste: 8♣
      stock: 2♥
      """
    When I tap 5♦ then the waste
    Then 5♦ is still in the pyramid
    And the waste top is 8♣

    Examples: both, or either one
      | left | right |
      | K♣   | K♦    |
      | --   | K♦    |
      | K♣   | --    |

  @DEAL-COVERING @FREE-PYRAMID @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
  Scenario: Once both cards of the row below it have gone, the card is free
    Given the rules under test
    And a table:
      """
          9♠
        5♦  4♥
      --  --  J♥
      waste: 8♣
      stock: 2♥
      """
    When I tap 5♦ then the waste
    Then 5♦ and 8♣ are removed
    And the pyramid is:
      """
          9♠
        --  4♥
      --  --  J♥
      """
