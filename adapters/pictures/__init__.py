"""Card pictures: a screen's picture description (bot.ui.picture) drawn as PNG bytes with
Pillow, from bundled fonts and shapes, needing no network.

    from adapters.pictures.render import render
    png = render(picture, deck="four_colour")   # decks: adapters.pictures.decks.DECKS
"""
