"""The kit's pytest plugin (a pytest11 entry point, kit.plugin.hooks): options, the `paid` marker, the
--corpus check, the scoreboard; the session settings (session.py), the fixtures (fixtures.py) and
where a session's runs go (place.py).

May import: every stage below it (kit.pipeline, kit.measure, kit.model, kit.arms, kit.guard,
kit.corpus, kit.rules) and kit.files.
Never: buy a model call without --record.
"""
