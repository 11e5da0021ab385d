"""The document scan's patterns, one module per reason a unit is flagged for (addressee, override,
dictate, role_play, hidden); kit.guard.scan.patterns names the reasons and puts the table together.
"""
