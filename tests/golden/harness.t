# provkg check on the logs of eval harnesses: Inspect (.eval zip with deflate and
# Zstandard, JSON), lm-evaluation-harness, OpenAI evals, HELM, Every Eval Ever.
# tests/fixtures/harness/SOURCES.md says where each fixture comes from.

$ provkg check tests/fixtures/harness/inspect-log_formats.json | grep -o '"id":[^,]*,"model":"[^"]*","where":"[^"]*","epoch":[0-9]*'
> "id":1,"model":"ollama/llama3.1","where":"tests/fixtures/harness/inspect-log_formats.json: samples[0]","epoch":1
? 0

$ python3 tests/gen/inspect_eval.py tests/fixtures/harness/inspect-log_formats.json $WORK/d.eval --method deflate && provkg check $WORK/d.eval | grep -o '"id":[^,]*,"model":"[^"]*","where":"[^"]*","epoch":[0-9]*' | sed "s|$WORK|WORK|"
> "id":1,"model":"ollama/llama3.1","where":"WORK/d.eval: samples/1_epoch_1.json","epoch":1
? 0

$ python3 tests/gen/inspect_eval.py tests/fixtures/harness/inspect-log_formats.json $WORK/z.eval --method zstd --epochs 3 && provkg check $WORK/z.eval | grep -o '"where":"[^"]*","epoch":[0-9]*' | sed "s|$WORK|WORK|"
> "where":"WORK/z.eval: samples/1_epoch_1.json","epoch":1
> "where":"WORK/z.eval: samples/1_epoch_2.json","epoch":2
> "where":"WORK/z.eval: samples/1_epoch_3.json","epoch":3
? 0

$ python3 tests/gen/inspect_eval.py tests/fixtures/harness/inspect-log_formats.json $WORK/z.eval --method zstd && python3 -c "import zipfile,sys; print(sorted({i.compress_type for i in zipfile.ZipFile(sys.argv[1]).infolist()}))" $WORK/z.eval && provkg check --format inspect $WORK/z.eval | grep -c '"model":"ollama/llama3.1"'
> [93]
> 1
? 0

$ python3 tests/gen/inspect_eval.py tests/fixtures/harness/inspect-log_formats.json $WORK/r.eval --running --status started && provkg check $WORK/r.eval 2>&1 >/dev/null | sed "s|$WORK|WORK|"
> provkg: warning: WORK/r.eval: the Inspect run's status is started (no header.json): 1 sample read, the log may be incomplete
? 0

$ python3 tests/gen/inspect_eval.py tests/fixtures/harness/inspect-log_formats.json $WORK/c.eval --status cancelled && provkg check $WORK/c.eval 2>&1 >/dev/null | sed "s|$WORK|WORK|"
> provkg: warning: WORK/c.eval: the Inspect run's status is cancelled: 1 sample read, the log may be incomplete
? 0

$ python3 tests/gen/inspect_eval.py tests/fixtures/harness/inspect-log_formats.json $WORK/z.eval --method zstd && provkg check < $WORK/z.eval | grep -o '"where":"[^"]*"'
> "where":"<stdin>: samples/1_epoch_1.json"
? 0

$ python3 tests/gen/inspect_eval.py tests/fixtures/harness/inspect-log_formats.json $WORK/z.eval && cat $WORK/z.eval | provkg check
! provkg: <stdin>: a zip archive (an Inspect .eval log?) on a pipe: give its path, or redirect it from the file (a zip is read from its directory at the end)
? 3

$ printf '{"version":2,"status":"cancelled","eval":{"model":"openai/gpt-4o"},"samples":[]}\n' > $WORK/empty.json && provkg check $WORK/empty.json 2>&1 | sed "s|$WORK|WORK|"
> provkg: warning: WORK/empty.json: an Inspect log with no samples (status cancelled): nothing to check
? 0

$ provkg check tests/fixtures/harness/lm-eval/samples_gsm8k_2025-01-21T03-44-18.123456.jsonl | grep -o '"id":[^,]*,"model":"[^"]*"\|"quantity":"[^"]*"'
> "id":0,"model":"EleutherAI/pythia-160m"
> "quantity":"speed of light in vacuum"
> "quantity":"speed of light in vacuum"
> "id":1,"model":"EleutherAI/pythia-160m"
> "quantity":"Boltzmann constant"
> "quantity":"boltzmann constant"
? 0

$ provkg check tests/fixtures/harness/lm-eval/samples_hellaswag_2025-01-21T03-44-18.123456.jsonl
! provkg: warning: tests/fixtures/harness/lm-eval/samples_hellaswag_2025-01-21T03-44-18.123456.jsonl: 2 loglikelihood or multiple-choice samples (resps of log-probabilities) have no generated text: not audited
? 0

$ provkg check tests/fixtures/harness/lm-eval-alone/samples_gsm8k_2025-01-21T03-44-18.123456.jsonl 2>&1 | grep -o 'warning.*\|"model":null' 
> warning: tests/fixtures/harness/lm-eval-alone/samples_gsm8k_2025-01-21T03-44-18.123456.jsonl: no results_*.json beside it: the model is not known (give --model)
> "model":null
> "model":null
? 0

$ provkg check --model pythia tests/fixtures/harness/lm-eval-alone/samples_gsm8k_2025-01-21T03-44-18.123456.jsonl | grep -o '"model":"[^"]*"'
> "model":"pythia"
> "model":"pythia"
? 0

$ provkg check tests/fixtures/harness/lm-eval/results_2025-01-21T03-44-18.123456.json
! provkg: tests/fixtures/harness/lm-eval/results_2025-01-21T03-44-18.123456.json: an lm-evaluation-harness results file, which holds scores, not answers; give the samples_*.jsonl beside it (lm_eval --log_samples)
? 3

$ provkg check tests/fixtures/harness/openai-modelgraded.jsonl 2>&1 | grep -o '^provkg: warning.*\|"id":"[^"]*","model":"[^"]*","where":"[^"]*"'
> "id":"physics-explain.dev.0","model":"gpt-3.5-turbo","where":"tests/fixtures/harness/openai-modelgraded.jsonl:2"
> "id":"physics-explain.dev.1","model":"gpt-3.5-turbo","where":"tests/fixtures/harness/openai-modelgraded.jsonl:5"
> provkg: warning: tests/fixtures/harness/openai-modelgraded.jsonl: 2 sampling events of a grader or a follow-up prompt (another completion function, or a prompt quoting the sample's answer) not audited as answers
? 0

$ provkg check tests/fixtures/harness/openai-spec-only.jsonl
! provkg: warning: tests/fixtures/harness/openai-spec-only.jsonl: an OpenAI evals log with no sampling events (only the spec and the final report?): nothing to check
? 0

$ provkg check tests/fixtures/harness/helm/display_predictions.json | grep -o '"id":"[^"]*","model":"[^"]*","where":"[^"]*"\(,"perturbation":"[^"]*"\)\?\|"quantity":"[^"]*"'
> "id":"id7","model":"openai/gpt-4o","where":"tests/fixtures/harness/helm/display_predictions.json: [0]"
> "quantity":"speed of light in vacuum"
> "quantity":"speed of light in vacuum"
> "id":"id7","model":"openai/gpt-4o","where":"tests/fixtures/harness/helm/display_predictions.json: [1]","perturbation":"misspellings"
> "quantity":"speed of light in vacuum"
> "quantity":"speed of light in vacuum"
> "id":"id8","model":"openai/gpt-4o","where":"tests/fixtures/harness/helm/display_predictions.json: [2]"
> "quantity":"Boltzmann constant"
> "quantity":"boltzmann constant"
? 0

$ provkg check tests/fixtures/harness/helm/scenario_state.json | grep -o '"id":"[^"]*","model":"[^"]*","where":"[^"]*"\(,"perturbation":"[^"]*"\)\?'
> "id":"id7","model":"openai/gpt-4o","where":"tests/fixtures/harness/helm/scenario_state.json: request_states[0]"
> "id":"id7","model":"openai/gpt-4o","where":"tests/fixtures/harness/helm/scenario_state.json: request_states[1]","perturbation":"misspellings"
? 0

$ provkg check tests/fixtures/harness/helm/display_predictions.json | provkg summarize --json - | grep -o '"model":"openai/gpt-4o","answers":[0-9]*,"errors":[0-9]*,"perturbed":[0-9]*'
> "model":"openai/gpt-4o","answers":2,"errors":0,"perturbed":1
? 0

$ provkg check tests/fixtures/harness/eee-instances.jsonl | grep -o '"id":"[^"]*","model":"[^"]*"\|"quantity":"[^"]*"'
> "id":"id1413","model":"openai/gpt2"
> "id":"pq-0002","model":"meta-llama/Llama-3.2-1B-Instruct"
> "quantity":"molar gas constant"
> "quantity":"molar gas constant"
? 0

$ printf 'The Boltzmann constant is 1.380649e-23 J/K.\n' | provkg check
> answer <stdin>: 1 value, 0 citations
>   traceability    10/10  (1 of 1 checked items traced: 1 exact, 0 within tolerance; 0 wrong; 0 not checked)
>   premise          0/10
>   uncertainty      0/10
>   falsifiability   0/10
>   value    match         +0.0  "1.380649e-23 J/K"  Boltzmann constant = 1.380 649 e-23 J K^-1 [CODATA 2022]
? 0

$ printf '\357\273\277{"id":"q1","model":"m","text":"The Boltzmann constant is 1.380649e-23 J/K."}\n' > $WORK/bom.jsonl && provkg check $WORK/bom.jsonl | grep -o '"id":"q1","model":"m"\|"verdict":"[a-z]*"'
> "id":"q1","model":"m"
> "verdict":"match"
? 0

# a damaged sample entry is an error record in its place, the others are read;
# a truncated archive is bad input
$ python3 tests/gen/inspect_eval.py tests/fixtures/harness/inspect-log_formats.json $WORK/z3.eval --method zstd --epochs 3 && python3 -c "import sys; d=bytearray(open(sys.argv[1],'rb').read()); i=d.find(b'samples/1_epoch_2.json')+32; d[i:i+20]=b'X'*20; open(sys.argv[1],'wb').write(d)" $WORK/z3.eval && provkg check $WORK/z3.eval | grep -o '"where":"[^"]*"\(,"epoch":[0-9]\|,"record_version":[0-9]*,"error":"[^:]*: [^:]*: a damaged entry\)' | sed "s|$WORK|WORK|g"
> "where":"WORK/z3.eval: samples/1_epoch_1.json","epoch":1
> "where":"WORK/z3.eval: samples/1_epoch_2.json","record_version":1,"error":"WORK/z3.eval: samples/1_epoch_2.json: a damaged entry
> "where":"WORK/z3.eval: samples/1_epoch_3.json","epoch":3

$ python3 tests/gen/inspect_eval.py tests/fixtures/harness/inspect-log_formats.json $WORK/z.eval && head -c 1500 $WORK/z.eval > $WORK/t.eval && provkg check $WORK/t.eval 2>&1 | sed "s|$WORK|WORK|g"
> provkg: WORK/t.eval: not a readable zip archive: Unrecognized archive format
? 3
