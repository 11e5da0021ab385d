"""Issue 39: `.env` is read as python-dotenv reads it (inline comments, quotes, `export`), and a value
from the file that the validator refuses is refused naming the file and its line."""

import pytest

from kit.model.config import ConfigError, load_config
from kit.model.envfile import read_dotenv


def dotenv(tmp_path, text):
    path = tmp_path / ".env"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_inline_comment_after_an_unquoted_url_is_not_part_of_it(tmp_path):
    path = dotenv(tmp_path, "PROVIDER=openai\nBASE_URL=http://127.0.0.1:8000/v1 # local\nMODEL=m\n")
    assert load_config({}, dotenv_path=path).base_url == "http://127.0.0.1:8000/v1"


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("MODEL=qwen # the small one", "qwen"),
        ("MODEL=qwen\t# a tab before the comment", "qwen"),
        ("MODEL=qwen#2", "qwen#2"),  # no whitespace before #: part of the value
        ("MODEL=qwen   ", "qwen"),
        ('MODEL="qwen # 2"  # a comment after the quotes', "qwen # 2"),
        ("MODEL='qwen # 2'#comment", "qwen # 2"),
        ("export MODEL=qwen # exported", "qwen"),
        ("export\tMODEL = 'qwen'", "qwen"),
        (r"MODEL='it\'s'", "it's"),
        (r'MODEL="a\"b\\c"', 'a"b\\c'),
        (r"MODEL='a\nb'", r"a\nb"),  # single quotes decode only \' and \\
        ("MODEL=", ""),
    ],
)
def test_a_line_reads_as_python_dotenv_reads_it(tmp_path, line, value):
    assert read_dotenv(dotenv(tmp_path, f"# first\n{line}\n")) == {"MODEL": value}


def test_a_quoted_value_the_validator_refuses_names_the_file_and_line(tmp_path):
    path = dotenv(tmp_path, 'PROVIDER=openai\nMODEL=m\nBASE_URL="http://127.0.0.1:8000/v1 # local"\n')
    with pytest.raises(ConfigError) as info:
        load_config({}, dotenv_path=path)
    assert str(info.value).startswith(f"{path}:3: BASE_URL cannot contain whitespace")


def test_a_refused_number_names_its_line_and_a_refused_environment_value_names_no_line(tmp_path):
    path = dotenv(tmp_path, "MODEL=m\n\nEVAL_WORKERS=four # workers\n")
    with pytest.raises(ConfigError) as info:
        load_config({}, dotenv_path=path)
    assert str(info.value) == f"{path}:3: EVAL_WORKERS must be a positive whole number, got 'four'"
    with pytest.raises(ConfigError) as info:
        load_config({"EVAL_WORKERS": "five"}, dotenv_path=path)
    assert str(info.value) == "EVAL_WORKERS must be a positive whole number, got 'five'"


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ('MODEL="qwen', 'the value opens a " quote that does not close on this line'),
        ("MODEL='qwen\" # x", "the value opens a ' quote that does not close on this line"),
        ('MODEL="qwen" 2', "only a # comment may follow a quoted value"),
        ("MODEL", "expected KEY=VALUE"),
    ],
)
def test_a_line_that_cannot_be_read_is_refused_naming_it(tmp_path, line, problem):
    path = dotenv(tmp_path, f"PROVIDER=openai\n{line}\n")
    with pytest.raises(ConfigError) as info:
        load_config({}, dotenv_path=path)
    assert str(info.value) == f"{path}:2: {problem}"
