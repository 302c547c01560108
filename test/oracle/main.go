// The geth oracle: what geth v1.17's tracers answer, computed in-process with geth's own packages, for the
// differential tests (test/differential). One request per line on stdin, one answer line per request on
// stdout, in order, so one process serves any number of cases:
//
//	{"id": 1, "job": TraceJob}      → {"id": 1, "outcomes": [{"json": "…"} | {"error": "…"}, …]}
//	{"id": 2, "compile": "source"}  → {"id": 2, "accepted": true} | {"id": 2, "accepted": false, "error": "…"}
//
// A job is the runtime's TraceJob (runtime/trace/job.ts); a job that cannot be run answers {"id", "error"}.
// Its chainConfig is geth's genesis config as is; without a blob schedule, a chain with Cancun gets geth's
// default (mainnet's Cancun and Prague entries). The differential tests mostly use every fork through Osaka
// active at genesis, as `geth --dev` of v1.17.5 has them, but for its Bogota, which the runtime does not know;
// test/differential/forks.test.ts runs each fork from Frontier on.
// `compile` only compiles "(" + source + ")" as geth's JavaScript engine (goja) does before evaluating a
// tracer, and reports goja's verdict.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"github.com/dop251/goja"
)

type request struct {
	ID      json.RawMessage `json:"id"`
	Job     *traceJob       `json:"job"`
	Compile *string         `json:"compile"`
}

type answer struct {
	ID       json.RawMessage `json:"id"`
	Outcomes []outcome       `json:"outcomes,omitempty"`
	Accepted *bool           `json:"accepted,omitempty"`
	Error    string          `json:"error,omitempty"`
}

func serve(line []byte) (ans answer) {
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		return answer{Error: "request: " + err.Error()}
	}
	ans.ID = req.ID
	// A panic is what geth's RPC layer reports as "method handler crashed" (e.g. a tracer expression that
	// evaluates to null); the process keeps serving.
	defer func() {
		if recovered := recover(); recovered != nil {
			ans = answer{ID: req.ID, Error: fmt.Sprintf("method handler crashed: %v", recovered)}
		}
	}()
	switch {
	case req.Compile != nil:
		_, err := goja.Compile("", "("+*req.Compile+")", false)
		accepted := err == nil
		ans.Accepted = &accepted
		if err != nil {
			ans.Error = err.Error()
		}
	case req.Job != nil:
		outcomes, err := runJob(req.Job)
		if err != nil {
			ans.Error = "job: " + err.Error()
		}
		ans.Outcomes = outcomes
	default:
		ans.Error = `request: give "job" or "compile"`
	}
	return ans
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 256<<20)
	out := bufio.NewWriter(os.Stdout)
	encoder := json.NewEncoder(out)
	encoder.SetEscapeHTML(false)
	for in.Scan() {
		if len(in.Bytes()) == 0 {
			continue
		}
		if err := encoder.Encode(serve(in.Bytes())); err != nil {
			fmt.Fprintln(os.Stderr, "oracle:", err)
			os.Exit(1)
		}
		out.Flush()
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "oracle: reading stdin:", err)
		os.Exit(1)
	}
}
