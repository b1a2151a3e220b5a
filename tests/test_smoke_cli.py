from typer.testing import CliRunner

from housegame.cli import app

runner = CliRunner()


def test_score_example_table_json() -> None:
    result = runner.invoke(app, ["score", "examples/maceplay-table.yaml", "--json"])
    assert result.exit_code == 0, result.output
    assert '"You": 108' in result.output
