"""The product's sentences in Hindi and Kannada (domain/i18n): every English sentence has both, each keeps its
template's fields, the web app gets the shared ones as a file per language, and a request's language is read from
its Accept-Language."""

import json
import re
from types import ModuleType

import pytest

from domain.i18n import api_words, catalog
from domain.i18n.languages import LANGUAGES, preferred_language
from domain.providers.sms import sign_in_code_in, sign_in_code_message
from domain.rules import export, labels, messages, notices, safety, safety_messages

SCRIPTS = {"hi": re.compile(r"[\u0900-\u097F]"), "kn": re.compile(r"[\u0C80-\u0CFF]")}
TRANSLATED = [language for language in LANGUAGES if language != "en"]


def english_constants(module: ModuleType) -> dict[str, str]:
    return {name: value for name, value in vars(module).items() if name.isupper() and isinstance(value, str)}


@pytest.mark.parametrize("module", [messages, safety_messages, labels, api_words])
def test_every_english_message_of_the_api_has_an_id(module):
    for name, english in english_constants(module).items():
        assert catalog.ENGLISH_TEXTS[name] == english


def test_every_notice_and_sms_sentence_has_an_id():
    words = {name: value for name, value in english_constants(notices).items() if not name.startswith("ABOUT_")}
    assert words.keys() <= catalog.ENGLISH_TEXTS.keys()
    sms = {name for name in english_constants(safety) if name.endswith("_SMS") and "SUPPORT" not in name}
    assert sms <= catalog.ENGLISH_TEXTS.keys()


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_english_message_has_a_translation_in_the_language(language):
    translations = catalog.TRANSLATIONS[language]
    missing = sorted(catalog.ENGLISH_TEXTS.keys() - translations.keys())
    assert not missing, f"no {language} words for {missing}"
    assert not sorted(translations.keys() - catalog.ENGLISH_TEXTS.keys()), "translations of no English sentence"


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_translation_is_written_in_its_language_and_fills_the_same_fields(language):
    for message_id, english in catalog.ENGLISH_TEXTS.items():
        translated = catalog.TRANSLATIONS[language][message_id]
        # A template may need no words of its own in a language ('{day}, {clock}', '{name}: {text}'); any it has
        # are the language's.
        words = re.sub(r"\{[^}]*\}", "", translated)
        has_words = re.search(r"[^\W\d_]", re.sub(r"\{[^}]*\}", "", english)) is not None
        assert translated.strip() and (translated != english or not has_words), message_id
        if re.search(r"[^\W\d_]", words):
            assert SCRIPTS[language].search(words), f"{message_id} is not written in {language}"
        assert catalog.fields(translated) == catalog.fields(english), message_id


def test_the_spec_english_is_the_english():
    assert catalog.text("OTP_INVALID", "en") == messages.OTP_INVALID
    assert catalog.in_language(messages.OTP_INVALID, "en") == messages.OTP_INVALID


def test_a_sentence_is_said_in_the_language_by_its_english_words():
    assert catalog.in_language(messages.OTP_INVALID, "hi") == "OTP गलत है। कृपया फिर से कोशिश करें।"
    assert catalog.in_language(messages.OTP_INVALID, "kn") == "OTP ತಪ್ಪಾಗಿದೆ. ದಯವಿಟ್ಟು ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ."


def test_a_filled_template_is_said_in_the_language_with_its_numbers():
    english = messages.OTP_RESEND_TOO_SOON.format(seconds=27)
    assert catalog.in_language(english, "hi") == "नया OTP मँगवाने से पहले कृपया 27 सेकंड रुकें।"
    assert catalog.in_language(english, "kn") == "ಹೊಸ OTP ಕೇಳುವ ಮೊದಲು ದಯವಿಟ್ಟು 27 ಸೆಕೆಂಡ್ ಕಾಯಿರಿ."
    too_often = safety_messages.SOS_TOO_MANY_TODAY.format(count=3)
    assert catalog.in_language(too_often, "kn") == "ಇಂದು ನೀವು 3 ಬಾರಿ SOS ಕಳುಹಿಸಿದ್ದೀರಿ. ನೀವು ಅಪಾಯದಲ್ಲಿದ್ದರೆ 112 ಗೆ ಕರೆ ಮಾಡಿ."


def test_words_that_are_not_ours_stay_as_they_are():
    assert catalog.in_language("otp: Input should be a valid integer", "hi") == "otp: Input should be a valid integer"


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("hi", "hi"),
        ("hi-IN", "hi"),
        ("kn-IN,kn;q=0.9,en;q=0.8", "kn"),
        ("en-GB,en;q=0.9", "en"),
        ("fr-FR, hi;q=0.5", "hi"),
        ("en;q=0.4, kn;q=0.7", "kn"),
        ("KN", "kn"),
        ("hi;q=0, en", "en"),
        ("fr, de;q=0.8", None),
        ("*", None),
        ("", None),
        (None, None),
        ("hi;q=abc", None),
    ],
)
def test_the_request_language_is_the_header_preferred_one_of_ours(header, language):
    assert preferred_language(header) == language


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_sign_in_code_is_texted_in_the_language_and_read_back_by_the_gateway(language):
    message = sign_in_code_message("9876543210", "4821", 10, language)
    assert message.text.startswith("4821 ")
    assert "10" in message.text
    assert sign_in_code_in(message.text) == "4821"
    assert sign_in_code_in("1234 people are sharing a ride today") is None


def test_the_web_gets_the_shared_sentences_in_a_file_per_language():
    files = export.render()
    for language in TRANSLATED:
        text = files[f"rules/translations/{language}.ts"]
        assert text.startswith(export.HEADER)
        body = json.loads(text.split("export const TRANSLATION = ", 1)[1].removesuffix(" as const;\n"))
        assert set(body) == {"MESSAGES", "NOTICES", "SAFETY_MESSAGES", "LABELS"}
        assert body["MESSAGES"].keys() == catalog.sentences(messages).keys()
        assert body["SAFETY_MESSAGES"]["SOS_RAISED"] == catalog.TRANSLATIONS[language]["SOS_RAISED"]
        assert "LANGUAGE_INVALID" not in json.dumps(body), "the API's own sentences are not the web's"


def test_the_pieces_of_notices_and_wordless_templates_match_no_one_else_s_words():
    # '{origin} to {destination}' and '{name}: {text}' are made by id, never read back from English.
    for theirs in ("Input should be less than or equal to 5", "otp: Field required", "Please wait at the gate"):
        assert catalog.english_id(theirs) is None
        assert catalog.in_language(theirs, "hi") == theirs


def test_a_fare_item_is_named_in_the_language_and_a_vendor_s_own_item_stays_as_it_is():
    assert catalog.in_language("Distance (12.3 km)", "hi") == "दूरी (12.3 किमी)"
    assert catalog.in_language(labels.FARE_BASE, "kn") == "ಮೂಲ ದರ"
    assert catalog.in_language("GST", "kn") == "GST"
    assert catalog.in_language("Toll charges", "hi") == "Toll charges"
