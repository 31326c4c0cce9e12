# Materials Project: lookups and check-value on the real samples (data/sources/materials-project)

$ provkg lookup mp-149
> NAME                                           SYMBOL  VALUE      UNCERTAINTY  UNIT     SOURCE
> crystal system of Si (mp-149)                  Si      Cubic      -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-149#symmetry.crystal_system
> space group symbol of Si (mp-149)              Si      Fd-3m      -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-149#symmetry.symbol
> band gap of Si (mp-149)                        Si      0.6105     -            eV       MP 2022.10.28 summary-sample.jsonl.gz:mp-149#band_gap
> conduction band minimum of Si (mp-149)         Si      6.227      -            eV       MP 2022.10.28 summary-sample.jsonl.gz:mp-149#cbm
> valence band maximum of Si (mp-149)            Si      5.6165     -            eV       MP 2022.10.28 summary-sample.jsonl.gz:mp-149#vbm
> Fermi energy of Si (mp-149)                    Si      5.6302     -            eV       MP 2022.10.28 summary-sample.jsonl.gz:mp-149#efermi
> energy above hull of Si (mp-149)               Si      0          -            eV/atom  MP 2022.10.28 summary-sample.jsonl.gz:mp-149#energy_above_hull
> formation energy of Si (mp-149)                Si      0          -            eV/atom  MP 2022.10.28 summary-sample.jsonl.gz:mp-149#formation_energy_per_atom
> energy per atom of Si (mp-149)                 Si      -5.42531   -            eV/atom  MP 2022.10.28 summary-sample.jsonl.gz:mp-149#energy_per_atom
> density of Si (mp-149)                         Si      2.28119    -            g/cm^3   MP 2022.10.28 summary-sample.jsonl.gz:mp-149#density
> unit cell volume of Si (mp-149)                Si      40.8883    -            Å^3      MP 2022.10.28 summary-sample.jsonl.gz:mp-149#volume
> number of sites of Si (mp-149)                 Si      2          -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-149#nsites
> bulk modulus of Si (mp-149)                    Si      83.0113    -            GPa      MP 2022.10.28 summary-sample.jsonl.gz:mp-149#k_vrh
> shear modulus of Si (mp-149)                   Si      61.161     -            GPa      MP 2022.10.28 summary-sample.jsonl.gz:mp-149#g_vrh
> dielectric constant of Si (mp-149)             Si      13.0034    -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-149#e_total
> ionic dielectric constant of Si (mp-149)       Si      0          -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-149#e_ionic
> electronic dielectric constant of Si (mp-149)  Si      13.0034    -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-149#e_electronic
> refractive index of Si (mp-149)                Si      3.60602    -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-149#n
> total magnetization of Si (mp-149)             Si      0.0006133  -            μB       MP 2022.10.28 summary-sample.jsonl.gz:mp-149#total_magnetization
> space group number of Si (mp-149)              Si      227        -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-149#space_group_number
> thermodynamic stability of Si (mp-149)         Si      true       -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-149#is_stable
> theoretical of Si (mp-149)                     Si      false      -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-149#theoretical
> metallic of Si (mp-149)                        Si      false      -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-149#is_metal
> direct band gap of Si (mp-149)                 Si      false      -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-149#is_gap_direct
? 0

$ provkg lookup --json "band gap of Si"
> {"query":"band gap of Si","matches":[{"name":"band gap of Si (mp-149)","symbol":"Si","value":0.6105,"value_text":"0.6105","uncertainty":null,"exact":false,"truncated":false,"unit":"eV","source":"MP","edition":"2022.10.28","locator":"summary-sample.jsonl.gz:mp-149#band_gap","quantity":"band gap","entity":"mp-149","computed":true,"method":"DFT","space_group":"Fd-3m","stability_rank":1,"note":"computed (DFT, functional not stated in the document) by the Materials Project for mp-149 Si, Fd-3m"},{"name":"band gap of Si (measured)","symbol":"Si","value":1.12,"value_text":"1.12","uncertainty":null,"exact":false,"truncated":false,"unit":"eV","source":"experimental","edition":"Strehlow-Cook 1973","locator":"strehlow-cook-1973-band-gaps.json:record 200","quantity":"band gap","entity":"Si","note":"Indirect; T = 291 K; Absorption"},{"name":"band gap of Si (measured)","symbol":"Si","value":1.166,"value_text":"1.166","uncertainty":null,"exact":false,"truncated":false,"unit":"eV","source":"experimental","edition":"Strehlow-Cook 1973","locator":"strehlow-cook-1973-band-gaps.json:record 201","quantity":"band gap","entity":"Si","note":"Indirect; T = 4.2 K"},{"name":"band gap of Si (measured)","symbol":"Si","value":1.17,"value_text":"1.17","uncertainty":null,"exact":false,"truncated":false,"unit":"eV","source":"experimental","edition":"Strehlow-Cook 1973","locator":"strehlow-cook-1973-band-gaps.json:record 202","quantity":"band gap","entity":"Si","note":"Indirect; T = 4.2 K; Absorption"},{"name":"band gap of Si (measured)","symbol":"Si","value":1.165,"value_text":"1.165","uncertainty":null,"exact":false,"truncated":false,"unit":"eV","source":"experimental","edition":"Strehlow-Cook 1973","locator":"strehlow-cook-1973-band-gaps.json:record 203","quantity":"band gap","entity":"Si","note":"Indirect; T = 35 K; Absorption"},{"name":"band gap of Si (measured)","symbol":"Si","value":1.16,"value_text":"1.16","uncertainty":null,"exact":false,"truncated":false,"unit":"eV","source":"experimental","edition":"Strehlow-Cook 1973","locator":"strehlow-cook-1973-band-gaps.json:record 204","quantity":"band gap","entity":"Si","note":"Indirect; T = 77 K; Absorption"},{"name":"band gap of Si (measured)","symbol":"Si","value":1.16,"value_text":"1.16","uncertainty":null,"exact":false,"truncated":false,"unit":"eV","source":"experimental","edition":"Strehlow-Cook 1973","locator":"strehlow-cook-1973-band-gaps.json:record 205","quantity":"band gap","entity":"Si","note":"Indirect; T = 85 K; Absorption"},{"name":"band gap of Si (measured)","symbol":"Si","value":1.12,"value_text":"1.12","uncertainty":null,"exact":false,"truncated":false,"unit":"eV","source":"experimental","edition":"Strehlow-Cook 1973","locator":"strehlow-cook-1973-band-gaps.json:record 206","quantity":"band gap","entity":"Si","note":"Indirect; T = 300 K; Absorption"}]}
? 0

$ provkg lookup "Si的带隙"
> NAME                       SYMBOL  VALUE   UNCERTAINTY  UNIT  SOURCE
> band gap of Si (mp-149)    Si      0.6105  -            eV    MP 2022.10.28 summary-sample.jsonl.gz:mp-149#band_gap
> band gap of Si (measured)  Si      1.12    -            eV    experimental Strehlow-Cook 1973 strehlow-cook-1973-band-gaps.json:record 200
> band gap of Si (measured)  Si      1.166   -            eV    experimental Strehlow-Cook 1973 strehlow-cook-1973-band-gaps.json:record 201
> band gap of Si (measured)  Si      1.17    -            eV    experimental Strehlow-Cook 1973 strehlow-cook-1973-band-gaps.json:record 202
> band gap of Si (measured)  Si      1.165   -            eV    experimental Strehlow-Cook 1973 strehlow-cook-1973-band-gaps.json:record 203
> band gap of Si (measured)  Si      1.16    -            eV    experimental Strehlow-Cook 1973 strehlow-cook-1973-band-gaps.json:record 204
> band gap of Si (measured)  Si      1.16    -            eV    experimental Strehlow-Cook 1973 strehlow-cook-1973-band-gaps.json:record 205
> band gap of Si (measured)  Si      1.12    -            eV    experimental Strehlow-Cook 1973 strehlow-cook-1973-band-gaps.json:record 206
? 0

$ provkg lookup "density of Fe"
> NAME                        SYMBOL  VALUE    UNCERTAINTY  UNIT    SOURCE
> density of Fe (mp-13)       Fe      8.02769  -            g/cm^3  MP 2020-05 legacy-materials-Li-Fe-V.json:mp-13#density
> density of Fe (mp-1271198)  Fe      8.7058   -            g/cm^3  MP 2020-05 legacy-materials-Li-Fe-V.json:mp-1271198#density
> density of Fe (mp-1271068)  Fe      8.10937  -            g/cm^3  MP 2020-05 legacy-materials-Li-Fe-V.json:mp-1271068#density
> density of Fe (mp-136)      Fe      9.03122  -            g/cm^3  MP 2020-05 legacy-materials-Li-Fe-V.json:mp-136#density
> density of Fe (mp-1271128)  Fe      8.51777  -            g/cm^3  MP 2020-05 legacy-materials-Li-Fe-V.json:mp-1271128#density
> density of Fe (mp-150)      Fe      7.6551   -            g/cm^3  MP 2020-05 legacy-materials-Li-Fe-V.json:mp-150#density
> density of Fe (mp-1245108)  Fe      7.96558  -            g/cm^3  MP 2020-05 legacy-materials-Li-Fe-V.json:mp-1245108#density
> density of Fe (mp-1096950)  Fe      7.21496  -            g/cm^3  MP 2020-05 legacy-materials-Li-Fe-V.json:mp-1096950#density
> density of Fe (mp-1194030)  Fe      7.64271  -            g/cm^3  MP 2020-05 legacy-materials-Li-Fe-V.json:mp-1194030#density
> density of Fe (mp-568345)   Fe      6.91638  -            g/cm^3  MP 2020-05 legacy-materials-Li-Fe-V.json:mp-568345#density
? 0

$ provkg lookup "density of Fe (Fm-3m)"
> NAME                    SYMBOL  VALUE   UNCERTAINTY  UNIT    SOURCE
> density of Fe (mp-150)  Fe      7.6551  -            g/cm^3  MP 2020-05 legacy-materials-Li-Fe-V.json:mp-150#density
? 0

$ provkg lookup "O2"
> NAME                                        SYMBOL  VALUE       UNCERTAINTY  UNIT     SOURCE
> crystal system of O2 (mp-1056059)           O2      tetragonal  -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-1056059#symmetry.crystal_system
> space group symbol of O2 (mp-1056059)       O2      P4/mmm      -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-1056059#symmetry.symbol
> energy above hull of O2 (mp-1056059)        O2      1.55986     -            eV/atom  MP 2022.10.28 summary-sample.jsonl.gz:mp-1056059#energy_above_hull
> formation energy of O2 (mp-1056059)         O2      1.55986     -            eV/atom  MP 2022.10.28 summary-sample.jsonl.gz:mp-1056059#formation_energy_per_atom
> density of O2 (mp-1056059)                  O2      2.70009     -            g/cm^3   MP 2022.10.28 summary-sample.jsonl.gz:mp-1056059#density
> unit cell volume of O2 (mp-1056059)         O2      9.83955     -            Å^3      MP 2022.10.28 summary-sample.jsonl.gz:mp-1056059#volume
> number of sites of O2 (mp-1056059)          O2      1           -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-1056059#nsites
> space group number of O2 (mp-1056059)       O2      123         -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-1056059#space_group_number
> thermodynamic stability of O2 (mp-1056059)  O2      false       -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-1056059#is_stable
> energy above hull of O2 (mp-1065697)        O2      1.60081     -            eV/atom  MP 2022.10.28 summary-sample.jsonl.gz:mp-1065697#energy_above_hull
? 0

$ provkg lookup "Sr₄Li₂Si₄N₈O"
> NAME                                                  SYMBOL        VALUE       UNCERTAINTY  UNIT     SOURCE
> crystal system of Sr4Li2Si4N8O (mp-1020592)           Sr4Li2Si4N8O  tetragonal  -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-1020592#symmetry.crystal_system
> space group symbol of Sr4Li2Si4N8O (mp-1020592)       Sr4Li2Si4N8O  P4/mnc      -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-1020592#symmetry.symbol
> energy above hull of Sr4Li2Si4N8O (mp-1020592)        Sr4Li2Si4N8O  0           -            eV/atom  MP 2022.10.28 summary-sample.jsonl.gz:mp-1020592#energy_above_hull
> formation energy of Sr4Li2Si4N8O (mp-1020592)         Sr4Li2Si4N8O  -1.50696    -            eV/atom  MP 2022.10.28 summary-sample.jsonl.gz:mp-1020592#formation_energy_per_atom
> density of Sr4Li2Si4N8O (mp-1020592)                  Sr4Li2Si4N8O  4.07506     -            g/cm^3   MP 2022.10.28 summary-sample.jsonl.gz:mp-1020592#density
> unit cell volume of Sr4Li2Si4N8O (mp-1020592)         Sr4Li2Si4N8O  492.862     -            Å^3      MP 2022.10.28 summary-sample.jsonl.gz:mp-1020592#volume
> number of sites of Sr4Li2Si4N8O (mp-1020592)          Sr4Li2Si4N8O  38          -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-1020592#nsites
> space group number of Sr4Li2Si4N8O (mp-1020592)       Sr4Li2Si4N8O  128         -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-1020592#space_group_number
> thermodynamic stability of Sr4Li2Si4N8O (mp-1020592)  Sr4Li2Si4N8O  true        -                     MP 2022.10.28 summary-sample.jsonl.gz:mp-1020592#is_stable
? 0

$ provkg lookup "band gap of Fe2O3"
> NAME                          SYMBOL  VALUE  UNCERTAINTY  UNIT  SOURCE
> band gap of Fe2O3 (measured)  Fe2O3   2.34   -            eV    experimental Strehlow-Cook 1973 strehlow-cook-1973-band-gaps.json:record 354
> band gap of Fe2O3 (measured)  Fe2O3   1.06   -            eV    experimental Strehlow-Cook 1973 strehlow-cook-1973-band-gaps.json:record 355
> band gap of Fe2O3 (measured)  Fe2O3   2.2    -            eV    experimental Strehlow-Cook 1973 strehlow-cook-1973-band-gaps.json:record 356
? 0

# computed claims against computed values
$ provkg check-value "the DFT band gap of Si is 0.61 eV"
> match: the DFT band gap of Si is 0.61 eV
>   cited:     0.61 eV (2 significant digits)
>   reference: band gap of Si (mp-149) = 0.6105 eV [MP 2022.10.28, summary-sample.jsonl.gz:mp-149#band_gap]
>   relative error: -0.0819%
>   MP (computed, DFT) gives 0.6105 eV for mp-149; a computed value, not a measurement
? 0

$ provkg check-value --json "mp-149 has a density of 2.28 g/cm³"
> {"text":"mp-149 has a density of 2.28 g/cm³","quantity":"density of Si (mp-149)","cited":{"value":2.28,"text":"2.28","unit":"g/cm^3","si_value":2279.9999999999995,"sig_digits":3,"named_by":"density"},"reference":{"name":"density of Si (mp-149)","symbol":"Si","value":2.28119,"value_text":"2.28119","uncertainty":null,"exact":false,"truncated":false,"unit":"g/cm^3","source":"MP","edition":"2022.10.28","locator":"summary-sample.jsonl.gz:mp-149#density","quantity":"density","entity":"mp-149","computed":true,"method":"DFT","space_group":"Fd-3m","stability_rank":1,"note":"computed (DFT, functional not stated in the document) by the Materials Project for mp-149 Si, Fd-3m"},"verdict":"match","relative_error":-0.0005216575559248666,"diagnosis":"MP (computed, DFT) gives 2.28119 g/cm^3 for mp-149; a computed value, not a measurement","reasons":[{"code":"computed_reference","source":"MP","method":"DFT","value":"2.28119 g/cm^3","material":"mp-149"}],"computed":true,"tolerance":0.05,"selected_by":"mp-149 named in the text","span":[24,35],"quantity_span":[13,20]}
? 0

# an unmarked or measured band gap meets the measurements (Strehlow & Cook 1973)
$ provkg check-value "the band gap of Si is 0.61 eV"
> mismatch: the band gap of Si is 0.61 eV
>   cited:     0.61 eV (2 significant digits)
>   reference: band gap of Si (measured) = 1.12 eV [experimental Strehlow-Cook 1973, strehlow-cook-1973-band-gaps.json:record 200]
>   relative error: -45.5%
>   wrong value; measured: 7 reports span 1.12 to 1.17 (experimental Strehlow-Cook 1973)
? 1

$ provkg check-value "GaAs has a direct band gap of 1.424 eV at 300 K, whereas silicon has an indirect band gap of 1.12 eV"
> match: GaAs has a direct band gap of 1.424 eV at 300 K, whereas silicon has an indirect band gap of 1.12 eV
>   cited:     1.424 eV (4 significant digits)
>   reference: band gap of GaAs (measured) = 1.42 eV [experimental Strehlow-Cook 1973, strehlow-cook-1973-band-gaps.json:record 512]
>   relative error: +0.282%
>   measured: 4 reports (at 300 K, direct) span 1.37 to 1.435 (experimental Strehlow-Cook 1973)

$ provkg check-value "silicon has a band gap of 1.12 eV"
> match: silicon has a band gap of 1.12 eV
>   cited:     1.12 eV (3 significant digits)
>   reference: band gap of Si (measured) = 1.12 eV [experimental Strehlow-Cook 1973, strehlow-cook-1973-band-gaps.json:record 200]
>   relative error: +0%
>   measured: 7 reports span 1.12 to 1.17 (experimental Strehlow-Cook 1973)
? 0

$ provkg check-value --tolerance-for band_gap=0.5 "Si的计算带隙约为0.9 eV"
> approximate: Si的计算带隙约为0.9 eV
>   cited:     0.9 eV (1 significant digit, marked approximate)
>   reference: band gap of Si (mp-149) = 0.6105 eV [MP 2022.10.28, summary-sample.jsonl.gz:mp-149#band_gap]
>   relative error: +47.4%
>   within 50% but not at the cited precision (1 significant digit); MP (computed, DFT) gives 0.6105 eV for mp-149; a computed value, not a measurement
? 1

$ provkg check-value "the density of Fe is 9.03 g/cm3"
> mismatch: the density of Fe is 9.03 g/cm3
>   cited:     9.03 g/cm3 (3 significant digits)
>   reference: density of Fe (mp-13) = 8.02769 g/cm^3 [MP 2020-05, legacy-materials-Li-Fe-V.json:mp-13#density]
>   relative error: +12.5%
>   material:  the most stable of 10 Fe materials (by energy above hull, else energy per atom); candidates mp-13, mp-1271198, mp-1271068, mp-136, mp-1271128, mp-150, mp-1245108, mp-1096950
>   wrong value; the value of mp-136 (P6_3/mmc), not of mp-13, the most stable; MP (computed, DFT (GGA)) gives 8.02769 g/cm^3 for mp-13; a computed value, not a measurement
? 1

$ provkg check-value "hcp Fe (P6_3/mmc) has a density of 9.03 g/cm3"
> match: hcp Fe (P6_3/mmc) has a density of 9.03 g/cm3
>   cited:     9.03 g/cm3 (3 significant digits)
>   reference: density of Fe (mp-136) = 9.03122 g/cm^3 [MP 2020-05, legacy-materials-Li-Fe-V.json:mp-136#density]
>   relative error: -0.0136%
>   material:  space group P6_3/mmc named in the text (mp-136); candidates mp-13, mp-1271198, mp-1271068, mp-136, mp-1271128, mp-150, mp-1245108, mp-1096950
>   MP (computed, DFT (GGA)) gives 9.03122 g/cm^3 for mp-136; a computed value, not a measurement
? 0

$ provkg check-value "the formation energy of Sr4Li2Si4N8O is -145 kJ/mol"
> match: the formation energy of Sr4Li2Si4N8O is -145 kJ/mol
>   cited:     -145 kJ/mol (3 significant digits)
>   reference: formation energy of Sr4Li2Si4N8O (mp-1020592) = -1.50696 eV/atom [MP 2022.10.28, summary-sample.jsonl.gz:mp-1020592#formation_energy_per_atom]
>   relative error: -0.275%
>   converted with: E = E_m / N_A
>   MP (computed, DFT) gives -1.50696 eV/atom for mp-1020592; a computed value, not a measurement
? 0

$ provkg check-value "the DFT band gap of Si is 0.61 g"
> unit_mismatch: the DFT band gap of Si is 0.61 g
>   cited:     0.61 g (2 significant digits)
>   reference: band gap of Si (mp-149) = 0.6105 eV [MP 2022.10.28, summary-sample.jsonl.gz:mp-149#band_gap]
>   g is mass (kg), but band gap of Si (mp-149) is energy (m^2 kg s^-2) in eV
? 1

$ provkg check-value --tolerance-for bandgapp=0.5 "the band gap of Si is 0.61 eV"
! provkg: --tolerance-for: 'bandgapp' is not a material property in this graph (an MP field such as band_gap, or a name such as "band gap")
? 2

$ provkg check-value --tolerance-for band_gap "the band gap of Si is 0.61 eV"
! provkg: --tolerance-for needs PROPERTY=F with F in (0, 1), e.g. band_gap=0.2
? 2

$ provkg check-value --jsonl
< {"id":1,"text":"the bulk modulus of Si is 83 GPa"}
< {"id":2,"text":"体积模量 Si: 98 GPa"}
< {"id":3,"text":"the Fermi energy of Si (mp-149) is 5.63 eV"}
> {"id":1,"text":"the bulk modulus of Si is 83 GPa","quantity":"bulk modulus of Si (mp-149)","cited":{"value":83,"text":"83","unit":"GPa","si_value":83000000000,"sig_digits":2,"named_by":"bulk modulus of Si"},"reference":{"name":"bulk modulus of Si (mp-149)","symbol":"Si","value":83.0113,"value_text":"83.0113","uncertainty":null,"exact":false,"truncated":false,"unit":"GPa","source":"MP","edition":"2022.10.28","locator":"summary-sample.jsonl.gz:mp-149#k_vrh","quantity":"bulk modulus","entity":"mp-149","computed":true,"method":"DFT","space_group":"Fd-3m","stability_rank":1,"note":"computed (DFT, functional not stated in the document) by the Materials Project for mp-149 Si, Fd-3m"},"verdict":"match","relative_error":-0.00013612604549026022,"diagnosis":"MP (computed, DFT) gives 83.0113 GPa for mp-149; a computed value, not a measurement","reasons":[{"code":"computed_reference","source":"MP","method":"DFT","value":"83.0113 GPa","material":"mp-149"}],"computed":true,"tolerance":0.15,"span":[26,32],"quantity_span":[4,22]}
> {"id":2,"text":"体积模量 Si: 98 GPa","quantity":"bulk modulus of Si (mp-149)","cited":{"value":98,"text":"98","unit":"GPa","si_value":98000000000,"sig_digits":2,"named_by":"体积模量 Si"},"reference":{"name":"bulk modulus of Si (mp-149)","symbol":"Si","value":83.0113,"value_text":"83.0113","uncertainty":null,"exact":false,"truncated":false,"unit":"GPa","source":"MP","edition":"2022.10.28","locator":"summary-sample.jsonl.gz:mp-149#k_vrh","quantity":"bulk modulus","entity":"mp-149","computed":true,"method":"DFT","space_group":"Fd-3m","stability_rank":1,"note":"computed (DFT, functional not stated in the document) by the Materials Project for mp-149 Si, Fd-3m"},"verdict":"unknown","relative_error":0.18056216442821632,"diagnosis":"the graph holds only a computed value, and the text does not say its value is computed: measurements differ from it by more than the tolerance; not refuted; MP (computed, DFT) gives 83.0113 GPa for mp-149; a computed value, not a measurement","reasons":[{"code":"computed_only","text_says_computed":false},{"code":"computed_reference","source":"MP","method":"DFT","value":"83.0113 GPa","material":"mp-149"}],"computed":true,"tolerance":0.15,"span":[17,23],"quantity_span":[0,15]}
> {"id":3,"text":"the Fermi energy of Si (mp-149) is 5.63 eV","quantity":"Fermi energy of Si (mp-149)","cited":{"value":5.63,"text":"5.63","unit":"eV","si_value":9.020254449419999e-19,"sig_digits":3,"named_by":"Fermi energy of Si (mp-149)"},"reference":{"name":"Fermi energy of Si (mp-149)","symbol":"Si","value":5.6302,"value_text":"5.6302","uncertainty":null,"exact":false,"truncated":false,"unit":"eV","source":"MP","edition":"2022.10.28","locator":"summary-sample.jsonl.gz:mp-149#efermi","quantity":"fermi energy","entity":"mp-149","computed":true,"method":"DFT","space_group":"Fd-3m","stability_rank":1,"note":"computed (DFT, functional not stated in the document) by the Materials Project for mp-149 Si, Fd-3m"},"verdict":"match","relative_error":-3.55227167774541e-05,"diagnosis":"MP (computed, DFT) gives 5.6302 eV for mp-149; a computed value, not a measurement","reasons":[{"code":"computed_reference","source":"MP","method":"DFT","value":"5.6302 eV","material":"mp-149"}],"computed":true,"tolerance":0.1,"selected_by":"mp-149 named in the text","span":[35,42],"quantity_span":[4,31]}
? 0

