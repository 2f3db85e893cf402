Feature: Messages
  The app speaks in three situations only: when a covered card is tapped with error help on
  ("this card is blocked by another"), when two cards do not make 13 ("the sum must be 13",
  the 13 being a number the message is given), and when the game reaches a dead end ("no more
  moves"). An engine may show message keys (card-blocked, sum-must-equal, no-more-moves) or
  the texts themselves; the texts must then match the app's word for word, in French:
  « Cette carte est bloquée par une autre », « La somme doit être égale à 13 »,
  « Plus aucun coup possible », and in Hungarian: „Ezt a lapot egy másik lap takarja”,
  „Az összegnek ennyinek kell lennie: 13”, „Nincs több lehetséges lépés”.

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @MSG-TEXTS @TAP-BLOCKED @FREE-PYRAMID @needs-taps @needs-messages
  Scenario Outline: The blocked-card message, word for word
    Given the rules under test
    And a table:
      """
          5♣
        9♦  K♠
      """
    When I tap 5♣
    Then the message reads "<text>" in <language>

    Examples:
      | language | text                                |
      | fr       | Cette carte est bloquée par une autre |
      | hu       | Ezt a lapot egy másik lap takarja   |

  @MSG-TEXTS @PAIR-MISMATCH @needs-messages
  Scenario Outline: The wrong-sum message, word for word
    Given the rules under test
    And a table:
      """
          5♣
        9♦  3♠
      stock: 2♥
      """
    When I tap 9♦ then 3♠
    Then the message reads "<text>" in <language>

    Examples:
      | language | text                                  |
      | fr       | La somme doit être égale à 13         |
      | hu       | Az összegnek ennyinek kell lennie: 13 |

  @MSG-TEXTS @END-NO-MORE-MOVES @KING-ALONE @needs-messages
  Scenario Outline: The dead-end message, word for word
    Given the rules under test
    And a table:
      """
          5♣
        9♦  3♠
      waste: K♥
      """
    When I tap the waste
    Then the message reads "<text>" in <language>

    Examples:
      | language | text                        |
      | fr       | Plus aucun coup possible    |
      | hu       | Nincs több lehetséges lépés |

  @MSG-TEXTS @PAIR-THIRTEEN @PAIR-VALUES @needs-messages
  Scenario: A pair that makes 13 shows no message
    Given the rules under test
    And a table:
      """
          5♣
        9♦  4♠
      stock: 2♥
      """
    When I tap 9♦ then 4♠
    Then no message is shown
