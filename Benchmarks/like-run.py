#!/usr/bin/env python3
"""Reads `brewery recommend like ... --json` documents, one after another, on stdin and
prints a run file for the like scorers: query_id<TAB>rank<TAB>beer_id per result."""
import json
import sys

text = sys.stdin.read()
decoder = json.JSONDecoder()
i = 0
while True:
    while i < len(text) and text[i].isspace():
        i += 1
    if i >= len(text):
        break
    doc, i = decoder.raw_decode(text, i)
    for row in doc["results"]:
        print(doc["query"]["id"], row["rank"], row["id"], sep="\t")
