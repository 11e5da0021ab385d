"""Buying a run through a provider's batch API (`--record --batch`): the wire formats (openai_batch,
anthropic_batch, behind kit.model.batch.wire), the on-disk record of batches in flight (jobs), filing a
finished batch's answers into the answer cache (collect) and the runner that submits, waits and
reports (run). Nothing here grades an answer."""
