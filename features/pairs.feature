Feature: Pairs that make 13
  Cards leave the pyramid two at a time: select a free card, then tap a second free card, and if
  their values add up to 13 both are removed in one move. A card is worth its rank (Ace 1, Jack 11,
  Queen 12, the number for the others) and its suit never matters, so there are six pairs: Ace and
  Queen, 2 and Jack, 3 and 10, 4 and 9, 5 and 8, 6 and 7. When the second card does not make 13,
  both stay, the app shows the sum message and the second card is the one left selected. A card
  still covered is never free, not even to pair with the card covering it.

  Background:
    Given the rules under test

  Rule: PAIR-VALUES: Ace 1, Jack 11, Queen 12, others their number; suits do not matter
    For pairing, an Ace is worth 1, a Jack 11, a Queen 12, a King 13 and every other card the number
    it shows. The suit plays no part. The only pairs worth 13 are therefore A + Q, 2 + J, 3 + 10,
    4 + 9, 5 + 8 and 6 + 7.

    Sources: app-fr « Les paires qui font 13 »; app-hu « A 13 összértékű párok »;
    traditional « 2. Cartes et matériel »; classic « Jeu de cartes », « Déroulement du jeu ».

    @PAIR-VALUES @PAIR-THIRTEEN
    Scenario Outline: Two free cards worth 13 together leave the pyramid
      Given a table:
        """
              K♦
          <first>  <second>
        stock: 2♥
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

    @PAIR-VALUES
    Scenario Outline: Two cards that do not make 13 both stay
      Given a table:
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

  Rule: PAIR-THIRTEEN: Two free cards worth 13 together are removed
    Tapping one free card and then another free card whose values add up to 13 removes both cards at
    once; this is one move. Example: the second move of PY1-N-AAAAAAS removes 10♣ (r7c2) with 3♠
    (r7c5).

    Sources: app-fr « En bref », « Les paires qui font 13 »;
    app-hu « Röviden », « A 13 összértékű párok »; traditional « 5. Déroulement détaillé »;
    classic « Déroulement du jeu ».

    @PAIR-THIRTEEN @PAIR-VALUES @TAP-SELECT
    Scenario: A pair is one move: the second tap removes both cards
      Given a table:
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

  Rule: PAIR-MISMATCH: A wrong sum removes nothing, warns and keeps the second card selected
    When two free cards whose values do not add up to 13 are tapped one after the other (for example
    7♣ and 7♠ of the bottom row at the start of PY1-N-AAAAAAS), nothing is removed and nothing is
    counted; the message sum-must-equal is shown with target 13, and the second card tapped is the
    one left selected. Whether the message is shown with error help off is OPEN-SUM-MESSAGE-HELP.

    Sources: app-fr « Les paires qui font 13 »; app-hu « A 13 összértékű párok »;
    classic « Déroulement du jeu ».

    @PAIR-MISMATCH
    Scenario: A wrong sum says the sum must be 13 and keeps the second card selected
      Given a table:
        """
            K♦
          7♣  7♠
        stock: 2♥
        """
      When I tap 7♣ then 7♠
      Then 7♠ is selected
      And the player reads « La somme doit être égale à 13 »

    @PAIR-MISMATCH @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: After a wrong sum, the second card can make a pair at once
      Given a table:
        """
            K♦
          7♣  7♠
        waste: [6♥]
        stock: 2♥
        """
      When I tap 7♣ then 7♠
      And I tap the waste
      Then 7♠ and 6♥ are removed
      And 7♣ is still in the pyramid

    @PAIR-MISMATCH @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: The pair made after a wrong sum takes the sum message away
      Given a table:
        """
            K♦
          7♣  7♠
        waste: [6♥]
        stock: 2♥
        """
      When I tap 7♣ then 7♠
      Then the player reads « La somme doit être égale à 13 »
      When I tap the waste
      Then 7♠ and 6♥ are removed
      And the player does not read « La somme doit être égale à 13 »

    @PAIR-MISMATCH
    Scenario: The rules' own example: the 7♣ and the 7♠ of the bottom row make 14
      Given the deal PY1-N-AAAAAAS
      When I tap 7♣ then 7♠
      Then 7♣ and 7♠ are still in the pyramid
      And 7♠ is selected
      And the player reads « La somme doit être égale à 13 »
      And the move counter is 0

  Rule: OPEN-SUM-MESSAGE-HELP: Whether a wrong sum still warns with error help off
    The app's rules tie the blocked-card message to error help, and state the sum message after a
    wrong sum without naming error help: they say nothing of it when error help is off. The
    reference engine shows it whatever the setting, as the sentence that states it has no condition;
    an engine may show it only with error help on.

    Sources: app-fr « Les paires qui font 13 »; app-hu « A 13 összértékű párok ».

    @OPEN-SUM-MESSAGE-HELP @PAIR-MISMATCH @implementation-defined
    Scenario: The reference still says the sum must be 13 with error help off
      Given error help is off
      And a table:
        """
            K♦
          7♣  7♠
        stock: 2♥
        """
      When I tap 7♣ then 7♠
      Then the player reads « La somme doit être égale à 13 »

  Rule: PAIR-NOT-COVERING: A card never pairs with a card that still covers it
    Two cards of which one still lies on the other never form a pair, even when their values make a
    pair and the covering card is free. (In the app this follows from both cards having to be free;
    it is stated on its own because a variant lifts it.)

    Sources: app-fr « Les choix de l’app et la règle traditionnelle »;
    app-hu « Az app döntései és a hagyományos szabály »;
    traditional « 7. Règles spéciales et situations ».

    @PAIR-NOT-COVERING @FREE-PYRAMID @KING-ALONE
    Scenario Outline: A card does not pair with the card still lying on it
      Once the K♥ is removed, only the 7♣ still covers the 6♦: they make 13 but stay.
      Given a table:
        """
            6♦
          7♣  K♥
        stock: 2♥
        """
      When I tap K♥
      And I tap <first> then <second>
      Then 6♦ and 7♣ are still in the pyramid
      And the score is 10

      Examples:
        | first | second |
        | 7♣    | 6♦     |
        | 6♦    | 7♣     |

  Rule: PAIR-PLAYER-CHOOSES: The player chooses the pair, whatever the interface
    The player decides which two cards go together: any two cards in play whose values make a pair
    (13 together, 12 with the Spanish deck) and that the rules let pair can be removed together,
    even when either of them has other partners on the table. A game where one tap removes a card
    with a partner the game picks must still let the player make each such pair (for example by
    selecting a card that has several partners until its partner is tapped), so that no legal pair
    is out of reach.

    Sources: app-fr « En bref », « Les paires qui font 13 »;
    app-hu « Röviden », « A 13 összértékű párok »;
    classic « Déroulement du jeu », « Conseils et stratégies ».

    @PAIR-PLAYER-CHOOSES @PAIR-THIRTEEN
    Scenario Outline: Whichever two free cards make 13, the player can pair them
      Two 6s and three 7s lie free: six pairs for five cards. A game that picks the partner of
      the card tapped offers at most one pair per card, so it has to let the player choose.
      Given a table:
        """
                K♦
              K♣  K♥
            K♠  Q♦  Q♣
          Q♥  Q♠  J♦  J♣
        6♠  7♥  6♦  7♣  7♦
        stock: 2♥
        """
      When I tap <first> then <second>
      Then <first> and <second> are removed
      And the cards left in row 5 are <left>

      Examples:
        | first | second | left      |
        | 6♠    | 7♥     | 6♦ 7♣ 7♦  |
        | 6♠    | 7♣     | 7♥ 6♦ 7♦  |
        | 7♦    | 6♠     | 7♥ 6♦ 7♣  |
        | 6♦    | 7♥     | 6♠ 7♣ 7♦  |
        | 7♣    | 6♦     | 6♠ 7♥ 7♦  |
        | 6♦    | 7♦     | 6♠ 7♥ 7♣  |

    @PAIR-PLAYER-CHOOSES @VAR-SPANISH-PAIRS-TWELVE
    Scenario Outline: With the Spanish deck too, the player chooses among the pairs of 12
      Two 5s and three 7s lie free: six pairs of 12 for five cards.
      Given a table:
        """
                RO
              RP  RE
            RB  CO  CP
          CE  CB  SO  SP
        5O  7P  5E  7B  7O
        stock: 2B
        """
      When I tap <first> then <second>
      Then <first> and <second> are removed
      And the cards left in row 5 are <left>

      Examples:
        | first | second | left      |
        | 5O    | 7P     | 5E 7B 7O  |
        | 5O    | 7B     | 7P 5E 7O  |
        | 7O    | 5O     | 7P 5E 7B  |
        | 5E    | 7P     | 5O 7B 7O  |
        | 7B    | 5E     | 5O 7P 7O  |
        | 5E    | 7O     | 5O 7P 7B  |

    @PAIR-PLAYER-CHOOSES @PAIR-THIRTEEN
    Scenario Outline: On the Triangle too, the player chooses among the pairs of 13
      Row 1 of the triangle, with nothing on it, holds two 6s and three 7s: six pairs for five
      free cards.
      Given a table:
        """
        6♠  7♥  6♦  7♣  7♦  --  --
        stock: 2♥
        """
      When I tap <first> then <second>
      Then <first> and <second> are removed
      And the cards left in row 1 are <left>

      Examples:
        | first | second | left      |
        | 6♠    | 7♥     | 6♦ 7♣ 7♦  |
        | 7♦    | 6♠     | 7♥ 6♦ 7♣  |
        | 6♦    | 7♣     | 6♠ 7♥ 7♦  |
