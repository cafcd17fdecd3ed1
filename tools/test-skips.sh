#!/bin/sh
# Prints, loudly, which parts of make test will be skipped on this machine
# and why (the same checks as the tests: internal/browser,
# internal/testldap, EXPLORER_TEST_POSTGRES, the hunspell dictionaries of
# wordspace). Under CI=true nothing may be
# skipped: the tests themselves fail instead.
skipped=0
say() { echo "*** SKIPPED: $1"; skipped=1; }
if [ -z "$EXPLORER_TEST_POSTGRES" ]; then
	say "the PostgreSQL pass: EXPLORER_TEST_POSTGRES is not set (.ci/run starts a server; or .ci/postgres.sh start DIR prints a URL)"
fi
if [ -z "$EXPLORER_CHROMIUM" ] && ! command -v chromium >/dev/null 2>&1 &&
	! command -v chromium-browser >/dev/null 2>&1 && ! command -v google-chrome >/dev/null 2>&1; then
	say "the browser tests (pages typed and clicked): chromium is not installed (apt-get install chromium)"
fi
if [ ! -x /usr/sbin/slapd ] && [ ! -x /usr/local/libexec/slapd ] && ! command -v slapd >/dev/null 2>&1; then
	say "the LDAP sign-in tests: slapd is not installed (apt-get install slapd)"
fi
if [ ! -e /usr/share/hunspell/pt_PT.dic ] || [ ! -e /usr/share/hunspell/pt_BR.dic ]; then
	say "the embedded Portuguese thesaurus checked against Debian's dictionaries (wordspace): apt-get install hunspell-pt-pt hunspell-pt-br"
fi
if [ "$skipped" = 0 ]; then
	echo "make test: every suite runs (SQLite with -race, PostgreSQL, browser, LDAP)"
fi
exit 0
