Feature: Variant: the strict win
  Some rule books only count a game as won when every card is removed: the pyramid, but also the stock
  and the waste. Under these rules an empty pyramid is not enough; the cards left in the stock and
  the waste must be removed too (Kings alone, the others in pairs with the pyramid while it lasts).

  Background:
    Given the rules under test

  Rule: VAR-STRICT-WIN: Strict win: stock and waste must be emptied too
    The game is won only when the pyramid, the stock and the waste are all empty. A cleared pyramid
    with cards left in the stock or the waste is not yet a win, and play goes on.

    Sources: app-fr « Les choix de l’app et la règle traditionnelle »;
    app-hu « Az app döntései és a hagyományos szabály »; classic « Objectif », « Victoire ».

    @VAR-STRICT-WIN
    Scenario: An empty pyramid with cards left in the stock is not yet a win
      Given a table:
        """
            6♦
        waste: [7♣]
        stock: K♥
        """
      When I tap 6♦ then the waste
      Then the pyramid is:
        """
            --
        """
      And the game is not won
      When I tap the stock
      And I tap the waste
      Then the game is won
      And the score is 10

    @VAR-STRICT-WIN
    Scenario: An empty pyramid and stock with a card left on the waste is not a win
      The 2♣ stays on the waste with no card left to pair it with: however long play goes on,
      the game is never won.
      Given a table:
        """
            6♦
        waste: 2♣ [7♣]
        """
      When I tap 6♦ then the waste
      Then the pyramid is:
        """
            --
        """
      And the stock is empty
      And the game is not won

    @VAR-STRICT-WIN
    Scenario: Clearing the last cards everywhere at once wins
      Given a table:
        """
            6♦
        waste: [7♣]
        """
      When I tap 6♦ then the waste
      Then the game is won

    @VAR-STRICT-WIN
    Scenario: A card left in the pyramid keeps the game from being won, whatever else is removed
      The 5♠ still lies under the 9♦, the two make no pair, and there is nothing left to draw.
      Given a table:
        """
            5♠
          --  9♦
        """
      Then the game is not won
      And the game is over with no more moves
