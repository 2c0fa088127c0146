"""The test suite's own machinery: what makes the parallel run share its expensive fixtures."""

import pytest


@pytest.mark.xdist_group("suite")
def test_a_grouped_test_reaches_the_scheduler_with_its_group(request):
    """Tests marked ``xdist_group`` share one process, and with it the index or browser a module
    builds once: xdist's ``loadgroup`` sees the group in the test's id. A pytest that keeps ids
    where xdist cannot extend them (9.2 with xdist 3.8) spreads every group over all processes."""
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not run by pytest-xdist with --dist loadgroup")
    assert request.node.nodeid.endswith("@suite"), request.node.nodeid
