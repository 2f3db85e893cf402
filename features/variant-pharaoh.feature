Feature: Variant: Pharaoh, a pyramid of 10 rows from two decks
  The classic page's Pharaoh / Triangle deals a larger triangular layout, often of 10 rows, for a
  longer and harder game. The rule set reads it as the app's pyramid grown to 10 rows: 55 cards,
  row 1 holding one and row 10 ten, each card under the two cards of the next row that overlap
  it. One deck holds 52 cards, so two decks are shuffled together and every card is there twice;
  after the pyramid, one card is turned onto the waste and the other 48 form the stock.
  Everything else is the app's: pairs make 13, Kings go alone, the waste is recycled as often as
  the player likes, clearing the pyramid wins, and each pyramid card scores 10, so a win is worth
  550.

  A place is named by its row and its rank in the row: r10c3 is the third card of row 10. With
  two of a card on the table, its name does not say which one to tap, so the scenarios tap by
  place. A table drawn with fewer rows has its bottom rows empty; the tables below draw all ten.

  Background:
    Given the rules under test

  Rule: VAR-PHARAOH-ROWS: 55 cards face up in 10 rows of 1 to 10
    The Pharaoh's pyramid is larger: 55 cards are dealt face up into 10 rows, row 1 holding one card
    and each row below one more, down to 10 cards in row 10, the bottom row. Each card lies under
    the two cards of the next row that overlap it, as in the 7-row pyramid, so only the 10 cards of
    row 10 are free at the start. A place is named by its row and its rank in the row: r10c3 is the
    third card of the bottom row.

    Sources: classic « Variantes courantes ».

    @VAR-PHARAOH-ROWS @FREE-PYRAMID @DEAL-COVERING @TAP-BLOCKED
    Scenario: A card of row 9 is free once both cards of row 10 on it are gone
      The 6♣ at r9c1 lies under the 9♠ and the 4♠ of row 10; the 2♥ next to it lies under the
      4♠ and the 10♥. Rows 1 to 8 hold the cards that the cards of row 9 lie on.
      Given a table:
        """
                          J♦
                        3♥  8♦
                      A♠  4♦  Q♠
                    5♥  3♦  9♥  --
                  8♠  2♦  10♦ --  --
                4♥  Q♦  9♦  --  --  --
              3♠  A♦  8♥  --  --  --  --
            J♠  2♠  5♦  --  --  --  --  --
          6♣  2♥  J♣  --  --  --  --  --  --
        9♠  4♠  10♥ --  --  --  --  --  --  --
        waste: [7♦]
        stock: 2♣
        """
      When I tap r9c1
      Then 6♣ is still in the pyramid
      And the player reads « Cette carte est bloquée par une autre »
      When I tap r10c1 then r10c2
      Then 9♠ and 4♠ are removed
      When I tap r9c1 then the waste
      Then the pyramid is:
        """
                          J♦
                        3♥  8♦
                      A♠  4♦  Q♠
                    5♥  3♦  9♥  --
                  8♠  2♦  10♦ --  --
                4♥  Q♦  9♦  --  --  --
              3♠  A♦  8♥  --  --  --  --
            J♠  2♠  5♦  --  --  --  --  --
          --  2♥  J♣  --  --  --  --  --  --
        --  --  10♥ --  --  --  --  --  --  --
        """
      And the score is 30

    @VAR-PHARAOH-ROWS @VAR-PHARAOH-DECKS @DEAL-WASTE-CARD
    Scenario: The deal: 55 cards in 10 rows, one card on the waste, the other 48 in the stock
      Given a new deal shuffled by the game
      Then the pyramid has 10 rows of 1 to 10 cards, every place filled
      And every card of the pyramid lies face up
      And the waste holds 1 card
      And the stock holds 48 cards
      And all 104 cards of two decks are on the table, each twice

  Rule: VAR-PHARAOH-DECKS: Two 52-card decks shuffled together: each card is there twice
    Ten rows take 55 cards, more than one deck holds, so two standard decks of 52 are shuffled
    together: 104 cards, each card twice. After the 55 of the pyramid, one card is turned onto the
    waste and the other 48 form the stock. The two copies of a card are alike to the rules: each
    pairs with any card that makes 13 with it (a 6♣ with either 7), each King goes alone, and
    removing one leaves the other where it lies.

    Sources: classic « Variantes courantes ».

    @VAR-PHARAOH-DECKS @PAIR-THIRTEEN @PAIR-PLAYER-CHOOSES
    Scenario: Each 6♣ pairs with a 7, one at a time; the other stays where it lies
      Given a table:
        """
                          J♦
                        3♥  8♦
                      A♠  4♦  Q♠
                    5♥  3♦  9♥  --
                  8♠  2♦  10♦ --  --
                4♥  Q♦  9♦  --  --  --
              3♠  A♦  8♥  --  --  --  --
            J♠  2♠  5♦  --  --  --  --  --
          Q♥  J♥  8♣  --  --  --  --  --  --
        6♣  6♣  7♥  --  --  --  --  --  --  --
        waste: [7♦]
        stock: 2♣
        """
      When I tap r10c2 then r10c3
      Then the pyramid is:
        """
                          J♦
                        3♥  8♦
                      A♠  4♦  Q♠
                    5♥  3♦  9♥  --
                  8♠  2♦  10♦ --  --
                4♥  Q♦  9♦  --  --  --
              3♠  A♦  8♥  --  --  --  --
            J♠  2♠  5♦  --  --  --  --  --
          Q♥  J♥  8♣  --  --  --  --  --  --
        6♣  --  --  --  --  --  --  --  --  --
        """
      And the score is 20
      When I tap r10c1 then the waste
      Then the pyramid is:
        """
                          J♦
                        3♥  8♦
                      A♠  4♦  Q♠
                    5♥  3♦  9♥  --
                  8♠  2♦  10♦ --  --
                4♥  Q♦  9♦  --  --  --
              3♠  A♦  8♥  --  --  --  --
            J♠  2♠  5♦  --  --  --  --  --
          Q♥  J♥  8♣  --  --  --  --  --  --
        --  --  --  --  --  --  --  --  --  --
        """
      And the waste is empty
      And the score is 30

    @VAR-PHARAOH-DECKS @KING-ALONE
    Scenario: Of two free K♠, a tap removes the one tapped
      Given a table:
        """
                          J♦
                        3♥  8♦
                      A♠  4♦  Q♠
                    5♥  3♦  9♥  --
                  8♠  2♦  10♦ --  --
                4♥  Q♦  9♦  --  --  --
              3♠  A♦  8♥  --  --  --  --
            J♠  2♠  5♦  --  --  --  --  --
          Q♥  J♥  8♣  --  --  --  --  --  --
        K♠  K♠  5♣  --  --  --  --  --  --  --
        stock: 2♣
        """
      When I tap r10c2
      Then the pyramid is:
        """
                          J♦
                        3♥  8♦
                      A♠  4♦  Q♠
                    5♥  3♦  9♥  --
                  8♠  2♦  10♦ --  --
                4♥  Q♦  9♦  --  --  --
              3♠  A♦  8♥  --  --  --  --
            J♠  2♠  5♦  --  --  --  --  --
          Q♥  J♥  8♣  --  --  --  --  --  --
        K♠  --  5♣  --  --  --  --  --  --  --
        """
      And the score is 10
      When I tap r10c1
      Then the cards left in row 10 are 5♣
      And the score is 20

    @VAR-PHARAOH-DECKS @FREE-WASTE-TOP @SCORE-NOTHING-ELSE
    Scenario: The 6♣ on the waste pairs, and the 6♣ in the pyramid stays
      The pair is the free 7♦ and the waste top; the pyramid's 6♣, covered, is another card.
      Given a table:
        """
                          J♦
                        3♥  8♦
                      A♠  4♦  Q♠
                    5♥  3♦  9♥  --
                  8♠  2♦  10♦ --  --
                4♥  Q♦  9♦  --  --  --
              3♠  A♦  8♥  --  --  --  --
            J♠  2♠  5♦  --  --  --  --  --
          6♣  J♥  8♣  --  --  --  --  --  --
        7♦  4♠  5♣  --  --  --  --  --  --  --
        waste: 2♥ [6♣]
        stock: 2♣
        """
      When I tap r10c1 then the waste
      Then the pyramid is:
        """
                          J♦
                        3♥  8♦
                      A♠  4♦  Q♠
                    5♥  3♦  9♥  --
                  8♠  2♦  10♦ --  --
                4♥  Q♦  9♦  --  --  --
              3♠  A♦  8♥  --  --  --  --
            J♠  2♠  5♦  --  --  --  --  --
          6♣  J♥  8♣  --  --  --  --  --  --
        --  4♠  5♣  --  --  --  --  --  --  --
        """
      And the waste is 2♥
      And the score is 10

    @VAR-PHARAOH-DECKS @CODE-REDEAL @CODE-FORMAT
    Scenario Outline: A Pharaoh code, shown during play, deals the same 104 cards again
      Given the deal <code>
      Then the code shown is <code>
      When I tap the stock 3 times
      And I deal <code> again
      Then the table is the same as the first deal

      Examples:
        | code          |
        | PY1-H-AAAAAAS |
        | PY1-H-AAAAAAA |
        | PY1-H-7777777 |

    @VAR-PHARAOH-DECKS @RECYCLE-ORDER @RECYCLE-UNLIMITED @STOCK-DRAW
    Scenario: A waste holding a card twice is recycled in its order, pass after pass
      Given a table:
        """
                          J♦
                        3♥  8♦
                      A♠  4♦  Q♠
                    5♥  3♦  9♥  --
                  8♠  2♦  10♦ --  --
                4♥  Q♦  9♦  --  --  --
              3♠  A♦  8♥  --  --  --  --
            J♠  2♠  5♦  --  --  --  --  --
          Q♥  8♣  9♣  --  --  --  --  --  --
        5♠  --  --  --  --  --  --  --  --  --
        waste: 2♣ 3♣ [2♣]
        stock: 5♥
        """
      When I tap the stock
      Then the waste is 2♣ 3♣ 2♣ 5♥
      When I tap the stock
      Then the stock holds 4 cards
      And the waste is empty
      When I tap the stock 4 times
      Then the waste is 2♣ 3♣ 2♣ 5♥
      When I tap the stock 15 times
      Then the waste is 2♣ 3♣ 2♣ 5♥
      And the game goes on

  Rule: VAR-PHARAOH-WIN: The game is won as soon as the 55 pyramid cards are gone
    The game is won the moment the last of the 55 pyramid cards is removed, whatever is left in the
    stock and the waste, as in the app.

    Sources: classic « Variantes courantes ».

  Rule: SCORE-WIN-550: A won game on 10 rows is always worth 550
    With the app's 10 points per pyramid card, a won game on the 10-row pyramid ends with exactly
    550 points: 55 pyramid cards at 10 each, whatever the line played. The cards of the waste and
    the stock still score nothing.

    Sources: classic « Variantes courantes ».

    @SCORE-WIN-550 @VAR-PHARAOH-WIN @PAIR-THIRTEEN @KING-ALONE
    Scenario: The 55 pyramid cards cleared win, worth 550
      A row is cleared from the bottom up, its King alone, the rest in pairs; the last card
      pairs with the waste top. Ten rows hold more cards than one deck: A♣ Q♣ and A♦ Q♦ are each
      there twice.
      Given a table:
        """
                          Q♥
                        A♠  Q♠
                      K♣  2♣  J♣
                    2♦  J♦  2♥  J♥
                  K♦  2♠  J♠  3♣  10♣
                3♦  10♦ 3♥  10♥ 3♠  10♠
              K♥  4♣  9♣  4♦  9♦  4♥  9♥
            A♦  Q♦  A♦  Q♦  4♠  9♠  5♣  8♣
          K♠  5♦  8♦  5♥  8♥  5♠  8♠  6♣  7♣
        A♣  Q♣  A♣  Q♣  6♦  7♦  6♥  7♥  6♠  7♠
        waste: [A♥]
        stock: K♣ K♦ K♥
        """
      When I tap r10c1 then r10c2, r10c3 then r10c4, r10c5 then r10c6, r10c7 then r10c8, r10c9 then r10c10
      And I tap r9c1, r9c2 then r9c3, r9c4 then r9c5, r9c6 then r9c7, r9c8 then r9c9
      And I tap r8c1 then r8c2, r8c3 then r8c4, r8c5 then r8c6, r8c7 then r8c8
      And I tap r7c1, r7c2 then r7c3, r7c4 then r7c5, r7c6 then r7c7
      Then the game goes on
      And the score is 340
      When I tap r6c1 then r6c2, r6c3 then r6c4, r6c5 then r6c6
      And I tap r5c1, r5c2 then r5c3, r5c4 then r5c5
      And I tap r4c1 then r4c2, r4c3 then r4c4
      And I tap r3c1, r3c2 then r3c3
      And I tap r2c1 then r2c2
      Then the score is 540
      When I tap r1c1 then the waste
      Then the game is won
      And the stock holds 3 cards
      And the score is 550
