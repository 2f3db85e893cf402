Feature: Variant: the waste keeps only the last card drawn
  In the app every card drawn stays on the waste, and the card beneath comes back into play once
  the top one is used. Some games keep no waste at all: each draw first puts the card that was
  showing out of play, so only the card just turned can ever be used, and a card passed over is
  gone for good. With nothing piled up there is nothing to turn back, so the stock is gone
  through once.

  Background:
    Given the rules under test

  Rule: VAR-WASTE-LAST-ONLY: A draw first takes the waste's card out of play
    Tapping a stock that still holds cards first takes the card on the waste, if there is one, out
    of play, then turns the stock's top card face up onto the waste; this is one move, allowed at
    any moment. The waste never holds more than the last card drawn, so the drawn card has no waste
    card beneath it, and a card not used before the next draw never comes back into play. The card
    taken out is not removed by a pair and earns nothing a pair earns, though it is gone from the
    table as a removed card is (a score of one point per card counts it, SCORE-ONE-PER-CARD);
    undoing the draw puts it back on the waste.

    Sources: kp-pyramids « Rules ».

    @VAR-WASTE-LAST-ONLY
    Scenario: Each draw puts the card showing out of play
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [4♦]
        stock: 3♣ 8♥
        """
      When I tap the stock
      Then the waste is 3♣
      And the stock holds 1 card
      And the move counter is 1
      When I tap the stock
      Then the waste is 8♥
      And the stock is empty
      And the score is 0

    @VAR-WASTE-LAST-ONLY
    Scenario: A draw onto an empty waste takes nothing out
      Given a table:
        """
            5♠
          2♣  9♥
        stock: 3♣ 8♥
        """
      When I tap the stock
      Then the waste is 3♣
      And the stock holds 1 card

    @VAR-WASTE-LAST-ONLY
    Scenario: A card passed over never comes back into play
      The 4♦ would make 13 with the 9♥, but the player draws instead: the 4♦ is gone, and once
      the stock is empty nothing is left to pair.
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [4♦]
        stock: 3♣
        """
      When I tap the stock
      And I tap the waste then 9♥
      Then 9♥ is still in the pyramid
      And the waste is 3♣
      And the game is over with no more moves

    @VAR-WASTE-LAST-ONLY @END-PLAY-GOES-ON
    Scenario: Play goes on while a card is left to draw, and ends with the last one
      Nothing on this table makes 13, and each draw puts the card showing out of play.
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [3♣]
        stock: 8♥ 6♦
        """
      When I tap the stock
      Then the game goes on
      When I tap the stock
      Then the waste is 6♦
      And the game is over with no more moves

    @VAR-WASTE-LAST-ONLY @WASTE-PAIRS
    Scenario: Once the drawn card is paired the waste is empty
      The 7♦ went out of play with the draw, so it does not come back when the J♠ is used.
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [7♦]
        stock: J♠ 4♣
        """
      When I tap the stock
      And I tap the waste then 2♣
      Then 2♣ and J♠ are removed
      And the waste is empty
      And the stock holds 1 card

    @VAR-WASTE-LAST-ONLY @SCORE-ONE-PER-CARD @DEAL-DECK
    Scenario: A score of one point per card counts the card a draw takes out of play
      The 4♦ leaves the table for good, as a removed card does; the cards this table leaves out
      count as removed already (52 − 6 = 46).
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [4♦]
        stock: 3♣ 8♥
        """
      Then the score shows 46
      When I tap the stock
      Then the score shows 47
      When I undo
      Then the score shows 46

    @VAR-WASTE-LAST-ONLY @UNDO-RESTORES
    Scenario: Undoing a draw puts the card taken out back on the waste
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [4♦]
        stock: 3♣ 8♥
        """
      When I tap the stock
      And I undo
      Then the waste is 4♦
      And the stock holds 2 cards
      When I tap the waste then 9♥
      Then 9♥ and 4♦ are removed

    @VAR-WASTE-LAST-ONLY @DEAL-STOCK
    Scenario: Through a whole deal the waste never holds more than one card
      Given a new deal shuffled by the game
      Then the waste holds 1 card
      And the stock holds 23 cards
      When I tap the stock 23 times
      Then the stock is empty
      And the waste holds 1 card

    @VAR-WASTE-LAST-ONLY @FREE-WASTE-TOP @TAP-SELECT @WASTE-PAIRS @PAIR-THIRTEEN
    Scenario: The card drawn is in play: tapped, it is selected, and it pairs with the pyramid
      Given a table:
        """
            5♠
        stock: 8♦ 2♥
        """
      When I tap the stock
      And I tap the waste
      Then 8♦ is selected
      When I tap 5♠
      Then 5♠ and 8♦ are removed

    @VAR-WASTE-LAST-ONLY @END-WIN @WASTE-PAIRS @PAIR-THIRTEEN
    Scenario: Clearing the pyramid with the last card drawn wins, cards left in the stock or not
      Given a table:
        """
            5♠
        waste: [J♥]
        stock: 8♦ 3♣
        """
      When I tap the stock
      And I tap 5♠ then the waste
      Then the game is won
