Feature: Variant: a card pairs with the last card covering it
  In the app a card never pairs with a card that still lies on it. A variant found in the literature
  allows it when that card is the only one still covering it: the two are removed together. A card
  covered by two cards still cannot be played.

  Background:
    Given the rules under test

  Rule: VAR-COVERING-PAIR: A card may pair with the single card still covering it
    A pyramid card covered by only one remaining card may pair with that card when it is free; the
    two are removed together. A card still covered by two cards stays blocked.

    Sources: app-fr « Les choix de l’app et la règle traditionnelle »;
    app-hu « Az app döntései és a hagyományos szabály ».

    @VAR-COVERING-PAIR @END-WIN
    Scenario Outline: A card pairs with the single card still lying on it
      Given a table:
        """
            6♦
          7♣  K♥
        stock: 2♥
        """
      When I tap K♥
      And I tap <first> then <second>
      Then 6♦ and 7♣ are removed
      And the game is won
      And the score is 30

      Examples:
        | first | second |
        | 7♣    | 6♦     |
        | 6♦    | 7♣     |

    @VAR-COVERING-PAIR
    Scenario: Not while a second card still covers it
      Given a table:
        """
            6♦
          7♣  J♥
        stock: 2♥
        """
      When I tap 7♣ then 6♦
      Then 6♦ and 7♣ are still in the pyramid

    @VAR-COVERING-PAIR
    Scenario Outline: Not while the card lying on it is itself covered
      Only the 7♣ lies on the 6♦, but the Q♠ lies on the 7♣: the 7♣ is not free, so the two
      cannot pair yet.
      Given a table:
        """
            6♦
          7♣  --
        Q♠  --  --
        stock: 2♥
        """
      When I tap <first> then <second>
      Then 6♦ and 7♣ are still in the pyramid

      Examples:
        | first | second |
        | 7♣    | 6♦     |
        | 6♦    | 7♣     |

    @VAR-COVERING-PAIR @OPEN-BLOCKED-WHILE-SELECTED @implementation-defined
    Scenario: A card free only for its last covering card is blocked for any other card
      Given a table:
        """
            6♦
          7♣  K♥
        waste: [7♠]
        stock: 2♣
        """
      When I tap K♥
      And I tap the waste then 6♦
      Then 7♠ is selected
      And the player reads « Cette carte est bloquée par une autre »
      And 6♦ and 7♣ are still in the pyramid
      When I tap 7♣ then 6♦
      Then 6♦ and 7♣ are removed
