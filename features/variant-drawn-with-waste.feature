Feature: Variant: the drawn card pairs with the waste card under it
  In the app only the top card of the waste is in play. Some rule books also let a card just drawn
  from the stock pair with the waste card it has just covered, as long as nothing else has happened
  since the draw. (The scenarios tap "the card beneath the waste top" for it.)

  Background:
    Given the rules under test

  Rule: VAR-DRAWN-WITH-WASTE: The drawn card may pair with the waste top beneath it
    Right after a draw, and only then, the card just drawn may pair with the waste card it has
    covered. Any other action in between ends that chance.

    Sources: app-fr « Les choix de l’app et la règle traditionnelle »;
    app-hu « Az app döntései és a hagyományos szabály »; classic « Déroulement du jeu ».

    @VAR-DRAWN-WITH-WASTE
    Scenario Outline: A card just drawn pairs with the waste card it covers
      Given a table:
        """
            5♠
          2♣  9♥
        waste: 4♦ [6♦]
        stock: 7♣
        """
      When I tap the stock
      And I tap <first> then <second>
      Then 7♣ and 6♦ are removed
      And the waste top is 4♦
      And the score is 0

      Examples:
        | first                          | second                         |
        | the waste                      | the card beneath the waste top |
        | the card beneath the waste top | the waste                      |

    @VAR-DRAWN-WITH-WASTE
    Scenario: Only right after the draw
      Once the 8♦ drawn after the 7♣ is removed, the 7♣ is back on top but no longer freshly drawn.
      Given a table:
        """
            Q♣
          5♠  9♥
        waste: [6♦]
        stock: 7♣ 8♦
        """
      When I tap the stock 2 times
      And I tap 5♠ then the waste
      Then the waste is 6♦ 7♣
      When I tap the waste then the card beneath the waste top
      Then the waste is 6♦ 7♣
      And the score is 10

    @VAR-DRAWN-WITH-WASTE
    Scenario: Not before the first draw
      The 7♣ starts the game on top of the 6♦: it was dealt there, not drawn.
      Given a table:
        """
            5♠
          2♣  9♥
        waste: 4♦ 6♦ [7♣]
        stock: 8♦
        """
      When I tap the waste then the card beneath the waste top
      Then the waste is 4♦ 6♦ 7♣
