"""The tests' oracle: the Kindgi runtime's own shipped functions (kindgi-cli's packages on the
Node it pins), `shipped.py`; `runtime.py` and `node.py` keep the older tests' calls on it."""
