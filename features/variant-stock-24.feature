Feature: Variant: a 24-card stock
  In the app one card is turned onto the waste at the start and 23 wait in the stock. The
  traditional deal leaves the waste empty and puts all 24 cards left over in the stock; the
  first card comes into play with the first draw.

  @VAR-STOCK-24
  Scenario: The game starts with an empty waste; the first draw brings a card into play
    Given the rules under test
    And a new deal of the engine's own
    Then the waste is empty
    And the stock holds 24 cards
    When I tap the stock
    Then the waste holds 1 card
    And the stock holds 23 cards

  @VAR-STOCK-24 @OPEN-CODE-LETTER @implementation-defined @profile-stock-24 @needs-codes
  Scenario: A deal code under the 24-card rules leaves the waste empty
    Given the rules under test
    And the deal PY1-F-AAAAAAJ
    Then the pyramid has 7 rows of 1 to 7 cards, every place filled
    And the waste is empty
    And the stock holds 24 cards
