"""Checks Brewery's recipe exports with software nobody here wrote (run by .ci/brewing).

  brewing-check.py BEERJSON_SCHEMA_DIR ALL.json ALL.xml SCALED.xml CATALOGUE.json

- every BeerJSON recipe validates against the BeerJSON 1.0 schema (Python jsonschema,
  the schema's $ids mapped to the local files with a referencing.Registry);
- pybeerxml parses every BeerXML recipe; its OG is the catalogue's within 0.002 and its
  ABV within 0.3 (percentage points); the strict `beerxml` package parses them where it
  is installed;
- the scaled export's amounts are the unscaled ones times the batch ratio;
- pybeerxml's own OG, IBU and colour from the ingredients are compared with the stated
  ones (reported, not a gate: its fixed 75 % efficiency and Tinseth are not the recipe's).
Exits 1 with one line per failure.
"""
import json
import pathlib
import re
import statistics
import sys

import jsonschema
import referencing
from pybeerxml import Parser

schema_dir, all_json, all_xml, scaled_xml, catalogue_path = sys.argv[1:6]
failures = []

# BeerJSON against the schema.
resources = []
for f in sorted(pathlib.Path(schema_dir).glob("*.json")):
    doc = json.loads(f.read_text())
    resources.append((doc["$id"], referencing.Resource.from_contents(doc)))
registry = referencing.Registry().with_resources(resources)
root = json.loads((pathlib.Path(schema_dir) / "beer.json").read_text())
validator = jsonschema.Draft7Validator(root, registry=registry)
document = json.loads(pathlib.Path(all_json).read_text())
errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
for e in errors[:20]:
    failures.append(f"BeerJSON: {'/'.join(map(str, e.absolute_path))}: {e.message[:200]}")
recipes_json = document["beerjson"]["recipes"]

catalogue = {b["id"]: b for b in json.loads(pathlib.Path(catalogue_path).read_text())}
with_recipe = [b for b in catalogue.values() if b.get("ingredients")]

# BeerXML through pybeerxml.
recipes = Parser().parse(all_xml)
if len(recipes) != len(with_recipe):
    failures.append(f"BeerXML: {len(recipes)} recipes parsed, the catalogue has {len(with_recipe)} with a recipe")
if len(recipes_json) != len(recipes):
    failures.append(f"BeerJSON has {len(recipes_json)} recipes, BeerXML {len(recipes)}")


def number(v):
    return float(str(v).split()[0]) if v is not None else None


og_diffs, ibu_ratio, colour_ratio = [], [], []
def beer_of(recipe):
    m = re.search(r"Brewery id (\d+)", recipe.notes or "")
    return catalogue.get(int(m.group(1))) if m else None


for r in recipes:
    beer = beer_of(r)
    if beer is None:
        failures.append(f"BeerXML: recipe '{r.name}' names no beer of the catalogue in its notes")
        continue
    og = None
    if beer.get("target_og") is not None and beer.get("target_fg") is not None:
        # A final gravity above the original is the two swapped (the export says so).
        og = max(beer["target_og"], beer["target_fg"])
        og = og / 1000 if og > 2 else og
        if r.og is None or abs(number(r.og) - og) > 0.002:
            failures.append(f"BeerXML: {r.name}: OG {r.og}, the catalogue says {og}")
    if beer.get("abv") is not None and (r.abv is None or abs(number(r.abv) - beer["abv"]) > 0.3):
        failures.append(f"BeerXML: {r.name}: ABV {r.abv}, the catalogue says {beer['abv']}")
    ingredients = beer["ingredients"]
    if (ingredients.get("malt") and not r.fermentables) or (ingredients.get("yeast") and not r.yeasts) or not r.mash or not r.mash.steps:
        failures.append(f"BeerXML: {r.name}: no fermentables, yeast or mash step")
    for h in r.hops:
        if h.alpha is None or h.amount is None or h.use not in ("Boil", "Dry Hop", "Mash", "First Wort", "Aroma"):
            failures.append(f"BeerXML: {r.name}: hop {h.name} lacks alpha, amount or a valid use ({h.use})")
    if og is not None:
        og_diffs.append(r.og_calculated - og)
    if beer.get("ibu"):
        ibu_ratio.append(r.ibu_calculated / beer["ibu"])
    if beer.get("srm"):
        colour_ratio.append(r.color_calculated / beer["srm"])

# The stricter `beerxml` package (pydantic models with enums and ranges) reads one recipe a
# document: each recipe is handed to it alone.
strict_failures = 0
try:
    from xml.etree import ElementTree

    from beerxml import BeerxmlParser

    for element in ElementTree.parse(all_xml).getroot().findall("RECIPE"):
        one = "<RECIPES>" + ElementTree.tostring(element, encoding="unicode") + "</RECIPES>"
        try:
            BeerxmlParser.parse(one)
        except Exception as e:  # its validation errors
            strict_failures += 1
            if strict_failures <= 10:
                failures.append(f"beerxml (strict): {element.findtext('NAME')}: {str(e).splitlines()[0][:200]}")
    print(f"beerxml (strict): {len(recipes) - strict_failures} of {len(recipes)} recipes parsed")
except ImportError:
    print("beerxml (strict): not installed, skipped")

# Scaling: 5 gal of each against the batch as written.
scaled = {beer_of(r)["id"]: r for r in Parser().parse(scaled_xml)}
for r in recipes:
    s = scaled.get(beer_of(r)["id"])
    if s is None:
        failures.append(f"scaled BeerXML lacks {r.name}")
        continue
    factor = s.batch_size / r.batch_size
    for a, b in zip(r.fermentables + r.hops, s.fermentables + s.hops):
        if abs(a.amount * factor - b.amount) > 1e-3 * max(1, a.amount * factor):
            failures.append(f"scaled: {r.name}: {a.name} {a.amount} × {factor:.3f} ≠ {b.amount}")
            break

print(
    f"BeerJSON: {len(recipes_json)} recipes, {len(errors)} schema errors; BeerXML: {len(recipes)} recipes parsed by pybeerxml"
)
print(
    "pybeerxml from the ingredients (75% efficiency, Tinseth, Morey) against the stated: "
    f"OG difference median {statistics.median(og_diffs):+.4f}; "
    f"IBU ratio median {statistics.median(ibu_ratio):.2f}; colour ratio median {statistics.median(colour_ratio):.2f}"
)
for f in failures[:40]:
    print("FAIL", f, file=sys.stderr)
sys.exit(1 if failures else 0)
