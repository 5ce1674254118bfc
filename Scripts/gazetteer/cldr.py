"""Country names in every language of Unicode CLDR, read from PyPI ``babel`` (CLDR data under the Unicode
License v3). The wheel is unpacked once into the git-ignored cache, since babel reads its locale data
from files beside its modules."""

import os
import sys
import zipfile

BABEL = ("2.19.0", "babel-2.19.0-py3-none-any.whl")

# The languages the country-name test covers: the world's most spoken, in many scripts.
TEST_LANGUAGES = ["ar", "bn", "de", "el", "en", "es", "fa", "fr", "he", "hi", "id", "it", "ja", "ko", "nl",
                  "pl", "pt", "ru", "sv", "sw", "th", "tr", "uk", "ur", "vi", "zh"]


def babel_module(cache):
    """Imports babel from its wheel in ``cache`` (downloaded by build.py's ``fetch``)."""
    folder = os.path.join(cache, "babel-" + BABEL[0])
    if not os.path.isdir(os.path.join(folder, "babel")):
        zipfile.ZipFile(os.path.join(cache, BABEL[1])).extractall(folder)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    import babel.localedata  # noqa: F401
    return babel


def territory_names(cache, languages=None):
    """{language: {alpha-2 code: name}} for every CLDR language without a region (331 in CLDR 47), or
    for ``languages``. Only two-letter territories: the numeric ones are continents and groupings."""
    babel = babel_module(cache)
    from babel import Locale
    wanted = languages or sorted(i for i in babel.localedata.locale_identifiers() if "_" not in i)
    names = {}
    for language in wanted:
        territories = Locale.parse(language).territories
        names[language] = {code: name for code, name in territories.items() if len(code) == 2 and code.isalpha()}
    return names
