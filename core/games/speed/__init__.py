"""Speed (SPEC §4): a two-player real-time shedding race onto shared centre piles."""
