# check-value: the issue's examples, exact output
$ provkg check-value --json "the speed of light is 3×10^5 m/s"
> {"text":"the speed of light is 3×10^5 m/s","quantity":"speed of light in vacuum","cited":{"value":300000,"text":"3×10^5","unit":"m/s","si_value":300000,"sig_digits":1,"named_by":"speed of light"},"reference":{"name":"speed of light in vacuum","symbol":"c","value":299792458,"value_text":"299 792 458","uncertainty":0,"exact":true,"truncated":false,"unit":"m s^-1","source":"CODATA","edition":"2022","locator":"allascii-2022.txt:330","uncertainty_text":"(exact)","quantity":"speed of light in vacuum"},"verdict":"mismatch","relative_error":-0.9989993077144056,"diagnosis":"off by 10^-3: a prefix slip (the number fits a unit 10^3 times larger)","reasons":[{"code":"off_by_power_of_ten","power":-3,"prefix_slip":true}],"span":[22,33],"quantity_span":[4,18]}
? 1

$ provkg check-value "光速约为 3×10⁸ m/s"
> match: 光速约为 3×10⁸ m/s
>   cited:     3×10^8 m/s (1 significant digit, marked approximate)
>   reference: speed of light in vacuum = 299 792 458 m s^-1 (exact) [CODATA 2022, allascii-2022.txt:330]
>   relative error: +0.0692%
? 0

$ provkg check-value "G = 6.67408(31)e-11 m^3 kg^-1 s^-2"
> outdated: G = 6.67408(31)e-11 m^3 kg^-1 s^-2
>   cited:     6.67408(31)e-11 m^3 kg^-1 s^-2 (6 significant digits)
>   reference: Newtonian constant of gravitation = 6.674 30 e-11 m^3 kg^-1 s^-2 [CODATA 2022, allascii-2022.txt:264]
>   relative error: -0.0033%
>   equals the CODATA 2014 value; CODATA 2022 gives 6.674 30 e-11
? 1

$ provkg check-value "h = 6.626e-34 J/s"
> unit_mismatch: h = 6.626e-34 J/s
>   cited:     6.626e-34 J/s (4 significant digits)
>   reference: Planck constant = 6.626 070 15 e-34 J Hz^-1 (exact) [CODATA 2022, allascii-2022.txt:271]
>   J/s is power (m^2 kg s^-3), but Planck constant is action (energy x time) (m^2 kg s^-1) in J Hz^-1; the power of s has the wrong sign: a division where the reference multiplies by s
? 1

$ provkg check-value --jsonl
< {"id":"a","text":"k_B = 1.380649e-23 J/K"}
< {"id":"b","text":""}
< {"id":"c","text":"the Bohr radius is 0.529 Å"}
< {"id":"d","text":"c = 1e999 m/s"}
> {"id":"a","text":"k_B = 1.380649e-23 J/K","quantity":"Boltzmann constant","cited":{"value":1.380649e-23,"text":"1.380649e-23","unit":"J/K","si_value":1.380649e-23,"sig_digits":7,"named_by":"k_B"},"reference":{"name":"Boltzmann constant","symbol":"k","value":1.380649e-23,"value_text":"1.380 649 e-23","uncertainty":0,"exact":true,"truncated":false,"unit":"J K^-1","source":"CODATA","edition":"2022","locator":"allascii-2022.txt:62","uncertainty_text":"(exact)","quantity":"boltzmann constant"},"verdict":"match","relative_error":0,"diagnosis":null,"reasons":[],"span":[6,22],"quantity_span":[0,3]}
> {"id":"b","error":"empty text"}
> {"id":"c","text":"the Bohr radius is 0.529 Å","quantity":"Bohr radius","cited":{"value":0.529,"text":"0.529","unit":"Å","si_value":5.2900000000000006e-11,"sig_digits":3,"named_by":"Bohr radius"},"reference":{"name":"Bohr radius","symbol":"a0","value":5.29177210544e-11,"value_text":"5.291 772 105 44 e-11","uncertainty":8.2e-21,"exact":false,"truncated":false,"unit":"m","source":"CODATA","edition":"2022","locator":"allascii-2022.txt:61","uncertainty_text":"0.000 000 000 82 e-11","quantity":"bohr radius"},"verdict":"match","relative_error":-0.0003348793947829725,"diagnosis":null,"reasons":[],"span":[19,27],"quantity_span":[4,15]}
> {"id":"d","text":"c = 1e999 m/s","quantity":null,"cited":{"value":null,"text":"1e999","unit":"m/s","si_value":null,"sig_digits":1,"named_by":"c"},"reference":null,"verdict":"unknown","relative_error":null,"diagnosis":"number out of range: '1e999'","reasons":[{"code":"out_of_range","number":"1e999"}],"span":[4,13],"quantity_span":[0,1]}
? 0

$ provkg check-value --edition 2014 "the Boltzmann constant is 1.38064852e-23 J/K"
> match: the Boltzmann constant is 1.38064852e-23 J/K
>   cited:     1.38064852e-23 J/K (9 significant digits)
>   reference: Boltzmann constant = 1.380 648 52 e-23 J K^-1 [CODATA 2014, allascii-2014.txt:60]
>   relative error: +0%
? 0

$ provkg check-value --tolerance 0.5% "the speed of light is 3.01e8 m/s"
> approximate: the speed of light is 3.01e8 m/s
>   cited:     3.01e8 m/s (3 significant digits)
>   reference: speed of light in vacuum = 299 792 458 m s^-1 (exact) [CODATA 2022, allascii-2022.txt:330]
>   relative error: +0.403%
>   within 0.5% but not at the cited precision (3 significant digits); physically implausible: faster than light in vacuum (c = 299 792 458 m/s)
? 1

$ provkg check-value ""
! provkg: check-value: empty text
? 2


# issue 15 (5): spans never end before they start (a LaTeX rewrite took
# its '/' or space from the command before the number)
$ provkg check-value --db "$PROVKG_DB" --json 'h = \frac{7}{x}' | jq -c '[.span, .quantity_span]'
> [[10,11],[0,1]]
? 1

$ provkg check-value --db "$PROVKG_DB" --json 'c = \SI{299792458}{x}' | jq -c '[.span, .quantity_span]'
> [[8,21],[0,1]]
? 1

# a reference's year or pages is no value: "Herrera D (2013)" is not the
# mass of deuterium, "42:47-63" no value of anything (check passes over
# them too: tests/golden/check.t, reference-numbers.txt)
$ provkg check-value "Herrera D (2013) Deuterium retention in tungsten. J Nucl Mater 42:47-63"
> unknown: Herrera D (2013) Deuterium retention in tungsten. J Nucl Mater 42:47-63
>   cited:     42 (2 significant digits)
>   no reference value for 'J Nucl Mater'
? 1

$ provkg check-value "Z Naturforsch [C] 42:47-63 reports boron phosphide"
> unknown: Z Naturforsch [C] 42:47-63 reports boron phosphide
>   no value with a unit or a named quantity found (only a reference's year or pages)
? 1

$ provkg check-value "Smith J (2019a) give the band gap of Si as 1.12 eV"
> match: Smith J (2019a) give the band gap of Si as 1.12 eV
>   cited:     1.12 eV (3 significant digits)
>   reference: band gap of Si (measured) = 1.12 eV [experimental Strehlow-Cook 1973, strehlow-cook-1973-band-gaps.json:record 200]
>   relative error: +0%
>   measured: 7 reports span 1.12 to 1.17 (experimental Strehlow-Cook 1973)
? 0

# a number in parentheses glued to a word is an index, not a value: the
# histamine receptor H(1) is no atomic weight of hydrogen, the dopamine
# receptor D(2) no mass of deuterium (PubMed 11238657, 12742519: both were
# a match before)
$ provkg check-value "These effects were reproduced by the H(1) agonist but not by the H(2) agonist."
> unknown: These effects were reproduced by the H(1) agonist but not by the H(2) agonist.
>   no value with a unit or a named quantity found
? 1

$ provkg check-value "the dose was increased to 1.0 mg/kg that also blocks dopamine D(2) receptors"
> unknown: the dose was increased to 1.0 mg/kg that also blocks dopamine D(2) receptors
>   cited:     1.0 mg/kg (2 significant digits)
>   no quantity identified
? 1

$ provkg check-value --json "精细结构常数的倒数(137.036)" | jq -c '[.verdict, .quantity]'
> ["match","inverse fine-structure constant"]

$ provkg check-value "The atomic weight of H (1.008) is well known"
> match: The atomic weight of H (1.008) is well known
>   cited:     1.008 (4 significant digits)
>   reference: standard atomic weight of hydrogen = [1.00784,1.00811] [NIST-AW 4.1, atomic-weights-isotopes.txt:6]
>   relative error: +0.00248%
? 0

# a value in a unit that is the quantity named after it counts that
# quantity ("Q=2e elementary charge quanta", arXiv 0704.0715: a mismatch
# before); named before it, "the elementary charge is 2 e" is still wrong
$ provkg check-value --json "consistent with Q=2e elementary charge quanta" | jq -c '[.verdict, .reasons, .diagnosis]'
> ["unknown",[{"code":"own_unit","written":"2 e","unit_is":"elementary charge","multiple":2}],"2 e counts the elementary charge named after it (2 times it, in its own unit), not its value; not compared"]
? 1

$ provkg check-value --json "the elementary charge is 2 e" | jq -c '[.verdict, .reasons]'
> ["mismatch",[{"code":"wrong_value"}]]
? 1
