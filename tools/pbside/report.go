package main

import (
	"fmt"
	"os"
	"strings"
	"time"
)

// report prints each server's figures per phase, the ratios and the idle
// memory.
func report(c config, sides []*side, totals map[string]*tally) {
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("## explorer and PocketBase side by side (%s; %d rounds interleaved; %d clients; a round: %d GETs plain, %d with gzip, %d one-term writes; load average at the end %s)\n\n",
		time.Now().UTC().Format(time.DateOnly), c.rounds, c.clients, c.requests, c.requests, c.writes, strings.Join(strings.Fields(string(load))[:3], " "))
	fmt.Println("| phase | server | requests | req/s | p50 ms | p99 ms | server CPU µs/req | wire bytes/req | body bytes/req | Content-Encoding |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	for _, p := range phases(c) {
		for _, s := range sides {
			t := totals[s.name+"|"+p.name]
			enc := t.encoding
			if enc == "" {
				enc = "none"
			}
			fmt.Printf("| %s | %s | %d | %.0f | %.2f | %.2f | %.0f | %d | %d | %s |\n", p.name, s.name, t.n, t.rate(),
				t.percentile(0.5), t.percentile(0.99), t.cpuMicros(), t.wire/int64(t.n), t.body/int64(t.n), enc)
		}
	}
	ex, pb := sides[0], sides[1]
	fmt.Printf("\n| phase | CPU per request, %s ÷ %s | each round | req/s, %s ÷ %s | target |\n|---|---|---|---|---|\n", pb.name, ex.name, ex.name, pb.name)
	for _, p := range phases(c) {
		e, b := totals[ex.name+"|"+p.name], totals[pb.name+"|"+p.name]
		target := "15×"
		if p.write {
			target = "5×"
		}
		var each []string
		for r := range e.rounds {
			each = append(each, fmt.Sprintf("%.1f×", b.rounds[r]/e.rounds[r]))
		}
		fmt.Printf("| %s | %.1f× | %s | %.1f× | %s |\n", p.name, b.cpuMicros()/e.cpuMicros(), strings.Join(each, ", "), e.rate()/b.rate(), target)
	}
	fmt.Printf("\n| server | idle RSS MiB: started | with the model, before the rounds | after them | binary MB |\n|---|---|---|---|---|\n")
	for _, s := range sides {
		fmt.Printf("| %s | %.1f | %.1f | %.1f | %.1f |\n", s.name, mib(s.rssFresh), mib(s.rssStart), mib(s.rssNow), float64(s.binSize)/1e6)
	}
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }
