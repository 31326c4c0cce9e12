# provkg lookup: the issue's examples, exact output
$ provkg lookup "Planck constant" --json
> {"query":"Planck constant","matches":[{"name":"Planck constant","symbol":"h","value":6.62607015e-34,"value_text":"6.626 070 15 e-34","uncertainty":0,"exact":true,"truncated":false,"unit":"J Hz^-1","source":"CODATA","edition":"2022","locator":"allascii-2022.txt:271","uncertainty_text":"(exact)","quantity":"planck constant"}]}
? 0

$ provkg lookup G --edition 2014 --json
> {"query":"G","matches":[{"name":"Newtonian constant of gravitation","symbol":"G","value":6.67408e-11,"value_text":"6.674 08 e-11","uncertainty":3.1e-15,"exact":false,"truncated":false,"unit":"m^3 kg^-1 s^-2","source":"CODATA","edition":"2014","locator":"allascii-2014.txt:254","uncertainty_text":"0.000 31 e-11","quantity":"newtonian constant of gravitation"}]}
? 0

$ provkg lookup 普朗克常数
> NAME             SYMBOL  VALUE              UNCERTAINTY  UNIT     SOURCE
> Planck constant  h       6.626 070 15 e-34  (exact)      J Hz^-1  CODATA 2022 allascii-2022.txt:271
? 0

$ provkg lookup "Fe-56" --json
> {"query":"Fe-56","matches":[{"name":"isotopic composition of Fe-56","symbol":"56Fe","value":0.91754,"value_text":"0.91754(36)","uncertainty":0.00036,"exact":false,"truncated":false,"unit":"","source":"NIST-AW","edition":"4.1","locator":"atomic-weights-isotopes.txt:4165","quantity":"isotopic composition","entity":"Fe-56"},{"name":"relative atomic mass of Fe-56","symbol":"56Fe","value":55.93493633,"value_text":"55.93493633(49)","uncertainty":4.9e-07,"exact":false,"truncated":false,"unit":"","source":"NIST-AW","edition":"4.1","locator":"atomic-weights-isotopes.txt:4164","quantity":"relative atomic mass","entity":"Fe-56"}]}
? 0

$ provkg lookup "standard atomic weight of carbon" --json
> {"query":"standard atomic weight of carbon","matches":[{"name":"standard atomic weight of carbon","symbol":"C","value":12.0106,"value_text":"[12.0096,12.0116]","uncertainty":0.001,"exact":false,"truncated":false,"unit":"","source":"NIST-AW","edition":"4.1","locator":"atomic-weights-isotopes.txt:438","quantity":"standard atomic weight","entity":"C","interval":[12.0096,12.0116]}]}
? 0

$ provkg lookup --jsonl
< {"id":1,"query":"hbar"}
> {"id":1,"query":"hbar","matches":[{"name":"reduced Planck constant","symbol":"ħ","value":1.054571817e-34,"value_text":"1.054 571 817... e-34","uncertainty":0,"exact":true,"truncated":true,"unit":"J s","source":"CODATA","edition":"2022","locator":"allascii-2022.txt:304","uncertainty_text":"(exact)","quantity":"reduced planck constant"}]}
? 0

