# provkg post-check: absolutes and appeals to consensus or authority, flagged when nothing backs them

# the issue's examples, in English and Chinese, and what backs a sentence
$ printf 'It is widely agreed that this material superconducts. Leading labs have shown that the effect always appears. If the sample is thinner than 50 nm, reflection is always negligible. All measurements agree to within 2%%. It is widely agreed that the band gap of GaAs is 1.42 eV. 学术界一致认为这种材料是超导体。多家顶尖实验室已经证实了这一点。若温度低于 4 K，电阻一定为零。Is it always true?\n' | provkg post-check --json | grep -o '"sentence":"[^"]*","flag":"[a-z]*","kind":"[a-z]*","rule":"[a-z-]*"'
> "sentence":"It is widely agreed that this material superconducts.","flag":"suspicious","kind":"consensus","rule":"consensus-en"
> "sentence":"Leading labs have shown that the effect always appears.","flag":"suspicious","kind":"authority","rule":"authority-en"
> "sentence":"If the sample is thinner than 50 nm, reflection is always negligible.","flag":"backed","kind":"absolute","rule":"absolute-en"
> "sentence":"All measurements agree to within 2%.","flag":"backed","kind":"absolute","rule":"absolute-en"
> "sentence":"It is widely agreed that the band gap of GaAs is 1.42 eV.","flag":"backed","kind":"consensus","rule":"consensus-en"
> "sentence":"学术界一致认为这种材料是超导体。","flag":"suspicious","kind":"consensus","rule":"consensus-zh"
> "sentence":"多家顶尖实验室已经证实了这一点。","flag":"suspicious","kind":"authority","rule":"authority-zh"
> "sentence":"若温度低于 4 K，电阻一定为零。","flag":"backed","kind":"absolute","rule":"absolute-zh"
? 1

# an appeal to authority stands on its source: a reference provkg verified, else suspicious; a fabricated one undoes the rest
$ provkg post-check tests/fixtures/check/answer-en.txt
> backed     tests/fixtures/check/answer-en.txt: "As shown by Watanabe [1] and by Zhang et al. (2023), the effect is robust [2]."
>            an appeal to authority ("As shown by") backed by a reference provkg verified
> 5 assertions, 0 suspicious
? 0

$ provkg post-check --closed-world tests/fixtures/check/answer-en.txt
> suspicious tests/fixtures/check/answer-en.txt: "As shown by Watanabe [1] and by Zhang et al. (2023), the effect is robust [2]."
>            an appeal to authority ("As shown by") and a source of it is fabricated
> 5 assertions, 1 suspicious
? 1

# check carries the counts
$ provkg check --json tests/fixtures/check/answer-en.txt | grep -o '"post_check":{[^}]*}'
> "post_check":{"assertions":5,"suspicious":0,"backed":1}

# a reference list's entries assert nothing: a cited work's title ("All It Takes Is One", "Experts agree ...") is no absolute or appeal; the same words in the prose are
$ printf 'Experts agree that graphene is always the strongest material.\n\nReferences\n[1] Smith J. Experts agree that graphene is always the strongest material. Nature. 2010;466:1-5.\n[2] Lee K. All It Takes Is One. J Appl Phys. 2001;89:10-12.\n' | provkg post-check --all --json | grep -o '"sentence":"[^"]*","flag":"[a-z]*'
> "sentence":"Experts agree that graphene is always the strongest material.","flag":"suspicious
? 1
