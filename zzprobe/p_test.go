package zzprobe
import ("testing";"fmt";"os";"strings";"sort";"explorer/tonality";"explorer/analysis")
func TestZZProbe(t *testing.T){
 for _,lang:=range []string{"RU","TR","FR"}{
 b,_:=os.ReadFile("../tools/benchexplore/testdata/made-reviews-"+strings.ToLower(lang)+".tsv")
 a,_:=tonality.For(lang)
 cnt:=map[string]int{}
 for _,l:=range strings.Split(string(b),"\n"){ _,txt,_:=strings.Cut(l,"\t"); for _,w:=range analysis.Terms(txt,lang){cnt[w]++} }
 type kv struct{k string;v int}
 var xs []kv; for k,v:=range cnt{xs=append(xs,kv{k,v})}
 sort.Slice(xs,func(i,j int)bool{return xs[i].v>xs[j].v})
 fmt.Print(lang,": ")
 for _,x:=range xs[:120]{ m:=""; if a.Describes(x.k){m="*"}; fmt.Printf("%s%s:%d ",x.k,m,x.v)}
 fmt.Println()
 }
}
