#!/usr/bin/env bash
# Dev aid: build the frame in .scratch/site with only the given doc folders (helpers' pages in progress excluded).
set -e
cd "$(dirname "$0")/.."
rm -rf .scratch/site && mkdir -p .scratch/site/docs .scratch/site/wiki
for f in site/*; do case "$f" in site/docs|site/wiki|site/build) ;; *) cp -r "$f" .scratch/site/ ;; esac; done
cp site/docs/*.mdx .scratch/site/docs/
for d in hasura-cloud enterprise "$@"; do cp -r "site/docs/$d" ".scratch/site/docs/"; done
if [ -n "${WITH_WIKI:-}" ]; then cp -r site/wiki/. .scratch/site/wiki/; else
printf -- '---\ntitle: Wiki\ndescription: stub\nslug: /\nsidebar_label: Introduction\n---\n\nStub.\n' > .scratch/site/wiki/index.mdx; fi
cd .scratch/site && npx docusaurus build
