"""Platform-neutral screens: text plus rows of buttons, for the chat or for one person."""
