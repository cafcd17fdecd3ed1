package models

import (
	"slices"

	"explorer"
)

// insertAfter inserts item into list after the element whose id is after
// (at the start when after is 0 or not found).
func insertAfter[T any](list []T, id func(T) int64, after int64, item T) []T {
	at := 0
	if after != 0 {
		for i, el := range list {
			if id(el) == after {
				at = i + 1
				break
			}
		}
	}
	return slices.Insert(list, at, item)
}

func groupIDs(in []explorer.Group) []int64 {
	out := make([]int64, len(in))
	for i, g := range in {
		out[i] = g.ID
	}
	return out
}

// outOfOrder returns the ids common to before and after that are not in
// a longest common subsequence of both orders: the ones that moved
// (none, and no map made, when the orders are the same).
func outOfOrder(before, after []int64) map[int64]bool {
	if slices.Equal(before, after) {
		return nil
	}
	inBefore := map[int64]bool{}
	for _, id := range before {
		inBefore[id] = true
	}
	inAfter := map[int64]bool{}
	for _, id := range after {
		inAfter[id] = true
	}
	var x, y []int64
	for _, id := range before {
		if inAfter[id] {
			x = append(x, id)
		}
	}
	for _, id := range after {
		if inBefore[id] {
			y = append(y, id)
		}
	}
	kept := lcs(x, y)
	moved := map[int64]bool{}
	for _, id := range y {
		if !kept[id] {
			moved[id] = true
		}
	}
	return moved
}

// lcs returns the members of a longest common subsequence of x and y,
// which hold the same distinct ids: the longest increasing run of the
// positions in x of y's ids (patience sorting, n log n).
func lcs(x, y []int64) map[int64]bool {
	pos := make(map[int64]int, len(x))
	for i, id := range x {
		pos[id] = i
	}
	var tails []int // index in y of the smallest tail of each run length
	prev := make([]int, len(y))
	for i, id := range y {
		p := pos[id]
		k, _ := slices.BinarySearchFunc(tails, p, func(j, target int) int { return pos[y[j]] - target })
		prev[i] = -1
		if k > 0 {
			prev[i] = tails[k-1]
		}
		if k == len(tails) {
			tails = append(tails, i)
		} else {
			tails[k] = i
		}
	}
	kept := map[int64]bool{}
	if len(tails) > 0 {
		for i := tails[len(tails)-1]; i >= 0; i = prev[i] {
			kept[y[i]] = true
		}
	}
	return kept
}
