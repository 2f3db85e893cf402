Feature: Variant: a 24-card stock
  In the app one card is dealt face up onto the waste at the start and 23 wait in the stock. The
  traditional deal leaves the waste empty and puts all 24 cards left over in the stock; the first
  card comes into play with the first draw.

  Background:
    Given the rules under test

  Rule: VAR-STOCK-24: 24 cards in the stock and an empty waste at the start
    No card is turned onto the waste when the cards are dealt: the 24 cards left after the pyramid
    all form the stock, and the waste starts empty.

    Sources: traditional « 3. Préparation et début »;
    classic « Mise en place et distribution », « Glossaire ».

    @VAR-STOCK-24 @DEAL-DECK @STOCK-DRAW
    Scenario: The game starts with an empty waste; the first draw brings a card into play
      Given a new deal shuffled by the game
      Then the waste is empty
      And the stock holds 24 cards
      When I tap the stock
      Then the waste holds 1 card
      And the stock holds 23 cards

    @VAR-STOCK-24 @OPEN-CODE-LETTER @implementation-defined @profile-stock-24
    Scenario: A deal code under the 24-card rules leaves the waste empty
      Given the deal PY1-F-AAAAAAJ
      Then the pyramid has 7 rows of 1 to 7 cards, every place filled
      And the waste is empty
      And the stock holds 24 cards
