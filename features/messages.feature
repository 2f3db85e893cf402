Feature: Messages
  The app's rules name three messages and give their words in French and Hungarian: a covered card
  tapped with error help on (« Cette carte est bloquée par une autre »), a second card that does not
  make 13 (« La somme doit être égale à 13 », the 13 being a parameter) and a game with no more
  moves (« Plus aucun coup possible »). The other files quote the French words; they check that the
  game shows that message, however it shows it (by key, or in its own language). The scenarios below
  check each text word for word in the language they name (fr or hu), so they do not apply to a game
  that shows its messages in another language. The rules forbid no message of a game's own (a word of
  praise after a pair, say): where a scenario says none of the app's messages is shown, such a
  message passes; only the three above, shown where the rules do not call for them, fail.

  Background:
    Given the rules under test

  Rule: MSG-TEXTS: The app's messages, word for word
    The app's three messages (card-blocked, sum-must-equal, no-more-moves) read exactly as in
    spec/messages.yaml: the French and Hungarian texts letter for letter as the app's rules give
    them. The sum message takes its target as a parameter: 13, or 12 with the Spanish deck (« La
    somme doit être égale à 12 »).

    Sources: app-fr « Les cartes libres », « Les paires qui font 13 », « La fin de partie »;
    app-hu « A szabad lapok », « A 13 összértékű párok », « A játszma vége ».

    @MSG-TEXTS @TAP-BLOCKED @FREE-PYRAMID
    Scenario Outline: The blocked-card message, word for word
      Given a table:
        """
            5♣
          9♦  K♠
        stock: 2♥
        """
      When I tap 5♣
      Then the player reads « <text> » in <language>

      Examples:
        | language | text                                |
        | fr       | Cette carte est bloquée par une autre |
        | hu       | Ezt a lapot egy másik lap takarja   |

    @MSG-TEXTS @PAIR-MISMATCH
    Scenario Outline: The wrong-sum message, word for word
      Given a table:
        """
            5♣
          9♦  3♠
        stock: 2♥
        """
      When I tap 9♦ then 3♠
      Then the player reads « <text> » in <language>

      Examples:
        | language | text                                  |
        | fr       | La somme doit être égale à 13         |
        | hu       | Az összegnek ennyinek kell lennie: 13 |

    @MSG-TEXTS @END-NO-MORE-MOVES @KING-ALONE
    Scenario Outline: The no-more-moves message, word for word
      Given a table:
        """
            5♣
          9♦  3♠
        waste: [K♥]
        """
      When I tap the waste
      Then the player reads « <text> » in <language>

      Examples:
        | language | text                        |
        | fr       | Plus aucun coup possible    |
        | hu       | Nincs több lehetséges lépés |

    @MSG-TEXTS @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: A pair that makes 13 shows none of the app's messages
      Given a table:
        """
            5♣
          9♦  4♠
        stock: 2♥
        """
      When I tap 9♦ then 4♠
      Then none of the app's messages is shown
