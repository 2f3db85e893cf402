Feature: Deal codes
  Every deal has a code, shown while the game is played, such as PY1-N-AAAAAAS: "PY1", a
  letter, and seven characters. Entering the code for a new game deals exactly the same cards
  again, so players can replay or share a deal. The rules document two codes, and what they
  deal is fixed: PY1-N-AAAAAAS deals the layout below, whose first move takes the K♦ off the
  bottom row and whose second takes the pair 10♣ and 3♠; PY1-N-AAAAAAJ deals a game where no
  more than 14 pyramid cards can ever come off, yet play goes on since the stock can always
  be drawn and recycled. What the letter means is the app's own business; the reference
  engine reads it as the set of rules the deal is played under (N for the app's rules).

  @CODE-DOCUMENTED @DEAL-PYRAMID @needs-codes
  Scenario: PY1-N-AAAAAAS deals the documented layout
    Given the rules under test
    And the deal PY1-N-AAAAAAS
    Then the pyramid is:
      """
                  J♦
                6♣  7♥
              A♠  4♦  Q♠
            5♥  3♦  6♥  8♠
          K♥  K♣  A♦  K♠  9♣
        Q♣  2♣  8♦  10♦ 10♠ J♠
      7♣  10♣ 3♥  4♥  3♠  K♦  7♠
      """
    And the waste is 7♦
    And the stock holds 23 cards

  @CODE-DOCUMENTED @KING-ALONE @PAIR-THIRTEEN @needs-codes
  Scenario: The documented first two moves of PY1-N-AAAAAAS
    Given the rules under test
    And the deal PY1-N-AAAAAAS
    When I tap K♦
    Then K♦ is removed
    When I tap 10♣ then 3♠
    Then 10♣ and 3♠ are removed
    And the cards left in row 7 are 7♣ 3♥ 4♥ 7♠
    And the score is 30
    And the move counter is 2

  @CODE-DOCUMENTED @END-PLAY-GOES-ON @RECYCLE-UNLIMITED @STOCK-DRAW @needs-codes
  Scenario: PY1-N-AAAAAAJ is never won but play goes on: draws and recycles stay possible
    Given the rules under test
    And the deal PY1-N-AAAAAAJ
    When I tap the stock 23 times
    Then the stock is empty
    And the waste holds 24 cards
    And the game goes on
    When I tap the stock
    Then the stock holds 24 cards
    And the game goes on
    When I tap the stock 25 times
    Then the stock holds 24 cards
    And the move counter is 49
    And the game goes on

  @CODE-FORMAT @needs-codes
  Scenario: The code is shown during play
    Given the rules under test
    And the deal PY1-N-AAAAAAS
    Then the code shown is PY1-N-AAAAAAS
    And the code shown is a deal code
    When I tap K♦
    And I tap the stock
    Then the code shown is PY1-N-AAAAAAS

  @CODE-REDEAL @needs-codes
  Scenario Outline: The same code deals the same cards again
    Given the rules under test
    And the deal <code>
    When I tap the stock 3 times
    And I deal <code> again
    Then the table is the same as the first deal

    Examples:
      | code          |
      | PY1-N-AAAAAAS |
      | PY1-N-AAAAAAJ |

  @OPEN-CODE-LETTER @implementation-defined @needs-codes
  Scenario: In the reference engine the letter names the rules: F deals a 24-card stock
    The same seven characters under the letter F give the same pyramid, but no waste card.
    Given the rules under test
    And the deal PY1-F-AAAAAAS
    Then the code shown is PY1-F-AAAAAAS
    And the cards left in row 7 are 7♣ 10♣ 3♥ 4♥ 3♠ K♦ 7♠
    And the waste is empty
    And the stock holds 24 cards
