"""What the card pictures are told by their environment (prefix CARDBOT_PICTURE_), then by `.env`
(adapters/settings.py: the environment wins)."""

from __future__ import annotations

from pydantic import PositiveFloat
from pydantic_settings import SettingsConfigDict

from adapters.settings import CardbotSettings


class PictureSettings(CardbotSettings):
    model_config = SettingsConfigDict(env_prefix="CARDBOT_PICTURE_", extra="ignore")

    # Seconds a picture may take to draw (a board takes about 10 ms): past it the screen goes out as
    # text and the drawing processes are taken for stuck, killed and started anew (workers.py).
    timeout: PositiveFloat = 2.0
