import re,sys
# Strips citations of documents that are not in the repository from source comments.
pats=[
 (r" \((?:see )?research/?(?: [a-z]+\.md)? ?§[\d.–, §A-Z/]*\)", ""),
 (r" \(research [a-z]+\.md §[^)]*\)", ""),
 (r" \(research/[a-z]+\.md §[^)]*\)", ""),
 (r" \(research §[^)]*\)", ""),
 (r" \([a-z]+\.md §[\d.]+\)", ""),
 (r"\(research/reliability\.md §4\)", ""),
 (r" \(/work/prompts/api-shapes\.md\)", ""),
 (r" \(design\.md \"Configuration\"\)", ""),
 (r" \(design\.md step 5\)", ""),
 (r" \(design\.md layout\)", ""),
 (r" \(design\.md Conventions\)", ""),
 (r"\(design\.md: marketplace text is untrusted\)", "(marketplace text is untrusted)"),
 (r", api-shapes\.md\)", ")"),
 (r" plus the extra ones agreed in api-shapes\.md", " plus the calls the apps need beyond it"),
 (r" and under Payments in api-shapes", ""),
 (r"Spec §7 and the extra calls of api-shapes\.md", "Spec §7 and the extra calls the apps need"),
 (r"; values from research/marketplaces\.md §1\.6\)", ")"),
 (r" \(research/marketplaces\.md §1\.12\)", ""),
]
for p in sys.argv[1:]:
    s=open(p).read(); o=s
    for a,b in pats: s=re.sub(a,b,s)
    if s!=o: open(p,'w').write(s); print("fixed",p)
