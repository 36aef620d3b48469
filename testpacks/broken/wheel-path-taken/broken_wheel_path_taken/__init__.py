"""An app whose package ships a data file named index.json."""
