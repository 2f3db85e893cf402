Feature: The deal
  One player, one ordinary 52-card deck without jokers. The deal builds a triangle of 28 face-up
  cards in seven rows, from a single card at the apex to seven at the bottom, each row overlapping
  the one above it: every card outside the bottom row is held down by the two cards just below it.
  One more card, face up, starts the waste; the 23 left wait face down in the stock.

  The goal is to remove all 28 cards of the pyramid. Only free cards can be played: two whose values
  make 13 are removed as a pair, a King is removed alone, and the stock keeps bringing new cards to
  the waste. features/README.md gives the order to read the other files in, the way the tables are
  drawn and the words the scenarios use.

  Background:
    Given the rules under test

  Rule: DEAL-DECK: One 52-card deck, no jokers
    A game uses a single standard deck: 13 ranks (Ace to King) in each of four suits, 52 cards, no
    joker. Each card of the deck is on the table exactly once when play starts.

    Sources: app-fr « La mise en place »; app-hu « A kezdőállás »;
    traditional « 2. Cartes et matériel »; classic « Jeu de cartes ».

    @DEAL-DECK
    Scenario: A deal uses every card of one deck exactly once
      Given a new deal shuffled by the game
      Then all 52 cards of one deck are on the table, each once

  Rule: DEAL-PYRAMID: 28 cards face up in 7 rows of 1 to 7
    28 cards are dealt face up into a pyramid of 7 rows: row 1, the apex, holds one card and each
    row below holds one more, down to 7 cards in row 7, the bottom row. A place is named by its row
    and its rank from the left in that row (r7c6 is the sixth card of the bottom row).

    Sources: app-fr « La mise en place »; app-hu « A kezdőállás »;
    traditional « 3. Préparation et début »; classic « Mise en place et distribution ».

    @DEAL-PYRAMID
    Scenario: The pyramid starts full: seven rows of one to seven cards, all face up
      Given a new deal shuffled by the game
      Then the pyramid has 7 rows of 1 to 7 cards, every place filled
      And every card of the pyramid lies face up

  Rule: DEAL-WASTE-CARD: One card is turned face up onto the waste
    After the pyramid is dealt, one more card is turned face up onto the waste, so the game starts
    with a waste top that can already be played.

    Sources: app-fr « La mise en place »; app-hu « A kezdőállás ».

    @DEAL-WASTE-CARD @DEAL-STOCK
    Scenario: One card starts the waste and the other 23 wait in the stock
      Given a new deal shuffled by the game
      Then the waste holds 1 card
      And the stock holds 23 cards

  Rule: DEAL-STOCK: The other 23 cards form the stock, face down
    The 23 cards left after the pyramid and the waste card form the stock, face down: the player
    sees how many cards it holds, not which.

    Sources: app-fr « En bref », « La mise en place »; app-hu « Röviden », « A kezdőállás ».

  Rule: DEAL-COVERING: Card (r, c) is covered by (r+1, c) and (r+1, c+1)
    Every card outside the bottom row is partly covered by the two cards of the next row down that
    overlap it: the card at row r, place c lies under the cards at row r+1, places c and c+1.
    Bottom-row cards lie under nothing.

    Sources: app-fr « La mise en place »; app-hu « A kezdőállás »;
    classic « Mise en place et distribution ».

    @DEAL-COVERING @FREE-PYRAMID
    Scenario Outline: A card stays covered while either card of the row below it is there
      Here the 5♦ (row 2, place 1) lies under the two cards at row 3, places 1 and 2.
      Given a table:
        """
            9♠
          5♦  4♥
        <left>  <right>  J♥
        waste: [8♣]
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
    Scenario: Once both cards of the row below it are removed, the card is free
      Given a table:
        """
            9♠
          5♦  4♥
        --  --  J♥
        waste: [8♣]
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
